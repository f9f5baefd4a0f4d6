/**
 * Runs a TikTok sandbox in its own process, so a test or benchmark can measure the client's memory without the
 * sandbox's. Started by `startSandboxProcess`: `node --import tsx sandbox-process.ts '<options as JSON>'`; prints
 * `{"url": …}` on one line, and closes the sandbox on SIGTERM or when its parent closes stdin.
 */
import { startSandbox } from '@hookpost/tiktok-sandbox'

const options = JSON.parse(process.argv[2] ?? '{}') as Parameters<typeof startSandbox>[0]
// Any free port unless one is given (a sandbox started again on the same data folder keeps its address).
const sandbox = await startSandbox({ port: 0, ...options })
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
