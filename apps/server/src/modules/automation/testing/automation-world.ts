import { afterAll, beforeAll } from 'vitest'
import { startTestServer, type TestServer } from '../../../testing/test-runtime'
import { startTestSandbox, type TestSandbox } from '../../../testing/tiktok-sandbox'

type ServerOptions = NonNullable<Parameters<typeof startTestServer>[1]>

/**
 * One automation int test file's world: the TikTok sandbox, a whole server (API + worker) with the Library's stock
 * clips made, and the server's clock, which the tests move — planned posts are put on days of the test's choosing,
 * and `resetClock` lets them fall due. `server` and `sandbox` are there once the file's first `beforeAll` has run.
 */
export function useAutomationWorld(options: Omit<ServerOptions, 'clock' | 'prepareStock'>) {
  let offsetMs = 0
  let server: TestServer | undefined
  let sandbox: TestSandbox | undefined
  const clock = () => new Date(Date.now() + offsetMs)
  beforeAll(async () => {
    sandbox = await startTestSandbox()
    server = await startTestServer(sandbox.env, { ...options, prepareStock: true, clock })
    await server.runtime.library.prepareStock()
  }, 300_000)
  afterAll(async () => {
    await server?.close()
    await sandbox?.close()
  })
  return {
    clock,
    /** The clock says `iso` (a UTC instant) now, and runs on from there. */
    setNow(iso: string) {
      offsetMs = Date.parse(iso) - Date.now()
    },
    /** The real time again. */
    resetClock() {
      offsetMs = 0
    },
    get server(): TestServer {
      if (!server) throw new Error('the automation test server is not started yet')
      return server
    },
    get sandbox(): TestSandbox {
      if (!sandbox) throw new Error('the TikTok sandbox is not started yet')
      return sandbox
    },
  }
}
