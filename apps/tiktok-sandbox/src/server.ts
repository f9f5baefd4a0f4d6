import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { buildSandboxApp, sandboxOf } from './app'
import type { SandboxOptions } from './options'

export interface RunningSandbox {
  url: string
  app: FastifyInstance
  close(): Promise<void>
}

/** Builds the app and listens (port 0 = any free port). Without `publicUrl`, URLs are built on the bound address. */
export async function startSandbox(
  options: SandboxOptions & { host?: string; port?: number },
): Promise<RunningSandbox> {
  const app = await buildSandboxApp(options)
  const host = options.host ?? '127.0.0.1'
  try {
    await app.listen({ host, port: options.port ?? 0 })
  } catch (error) {
    await app.close()
    throw error
  }
  const { port } = app.server.address() as AddressInfo
  const reachable = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host
  const url = (options.publicUrl ?? `http://${reachable}:${port}`).replace(/\/+$/, '')
  sandboxOf(app).setPublicUrl(url)
  let closing: Promise<void> | undefined
  return {
    url,
    app,
    close: () => (closing ??= app.close()),
  }
}
