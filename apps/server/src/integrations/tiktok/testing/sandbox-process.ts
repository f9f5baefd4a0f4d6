/**
 * Runs a TikTok sandbox in its own process, so a test or benchmark can measure the client's memory without the
 * sandbox's. Started by `startSandboxProcess`: `node --import tsx sandbox-process.ts '<options as JSON>'`; prints
 * `{"url": …}` on one line, and closes the sandbox on SIGTERM or when its parent closes stdin.
 */
import { startSandbox } from '@hookpost/tiktok-sandbox'

const options = JSON.parse(process.argv[2] ?? '{}') as Omit<Parameters<typeof startSandbox>[0], 'port'>
const sandbox = await startSandbox({ ...options, port: 0 })
process.stdout.write(`${JSON.stringify({ url: sandbox.url })}\n`)

let closing = false
const stop = () => {
  if (closing) return
  closing = true
  void sandbox.close().finally(() => process.exit(0))
}
process.on('SIGTERM', stop)
process.stdin.on('end', stop)
process.stdin.resume()
