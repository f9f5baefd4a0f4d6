import { spawn } from 'node:child_process'
import { open } from 'node:fs/promises'
import path from 'node:path'
import { createInterface } from 'node:readline'

/**
 * Test helpers that talk to a running TikTok sandbox over HTTP: its admin API (`x-sandbox-admin-key`) and its
 * authorize page, pressed the way a browser would.
 */
export interface SandboxSession {
  url: string
  admin(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; body: unknown }>
  createCreator(input: { display_name: string; username: string; is_private?: boolean }): Promise<{ open_id: string }>
  /** Posts the authorize form with `creator` and `decision`; returns the callback's query (`code`, `scopes`, `state`). */
  authorize(authorizeUrl: string, openId: string, decision?: 'allow' | 'deny'): Promise<URLSearchParams>
}

export function sandboxSession(url: string, adminKey: string): SandboxSession {
  const admin: SandboxSession['admin'] = async (method, path, body) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: {
        'x-sandbox-admin-key': adminKey,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null }
  }
  return {
    url,
    admin,
    async createCreator(input) {
      const res = await admin('POST', '/sandbox/admin/creators', input)
      const creator = (res.body as { creator?: { open_id?: unknown } } | null)?.creator
      if (res.status !== 201 || typeof creator?.open_id !== 'string') {
        throw new Error(`creating a sandbox creator answered ${res.status}: ${JSON.stringify(res.body)}`)
      }
      return { open_id: creator.open_id }
    },
    async authorize(authorizeUrl, openId, decision = 'allow') {
      const form = new URLSearchParams(new URL(authorizeUrl).searchParams)
      form.set('creator', openId)
      form.set('decision', decision)
      const res = await fetch(`${url}/v2/auth/authorize/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      })
      const location = res.headers.get('location')
      if (res.status !== 302 || !location) {
        throw new Error(`the authorize page answered ${res.status}: ${await res.text()}`)
      }
      return new URL(location).searchParams
    },
  }
}

/**
 * A `size`-byte file that starts like an MP4 (`....ftypisom`, what the sandbox's format check looks for) and is
 * sparse after that: created instantly, read back as zeros.
 */
export async function writeSparseMp4(filePath: string, size: number): Promise<void> {
  const header = Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0, ...Buffer.from('isomiso2mp41')])
  const file = await open(filePath, 'w')
  try {
    await file.write(header, 0, Math.min(header.length, size), 0)
    await file.truncate(size)
  } finally {
    await file.close()
  }
}

export interface SandboxProcessOptions {
  clients: { clientKey: string; clientSecret: string; redirectUris: string[] }[]
  processingMs?: number
  moderationMs?: number
  tokenProfile?: 'classic' | '2026'
  dataDir?: string
  /** Default: any free port. */
  port?: number
}

/** A sandbox in a child process (see sandbox-process.ts): its memory is not the caller's. */
export async function startSandboxProcess(
  options: SandboxProcessOptions,
): Promise<{ url: string; pid: number | undefined; close(): Promise<void> }> {
  const repoRoot = path.resolve(import.meta.dirname, '../../../../../..')
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'sandbox-process.ts'), JSON.stringify(options)],
    { cwd: repoRoot, stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout })
    lines.once('line', (line) => {
      lines.close()
      try {
        resolve((JSON.parse(line) as { url: string }).url)
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
    child.once('exit', (code) => reject(new Error(`the sandbox process exited with ${code}`)))
  })
  return {
    url,
    pid: child.pid,
    async close() {
      child.stdin.end()
      await exited
    },
  }
}
