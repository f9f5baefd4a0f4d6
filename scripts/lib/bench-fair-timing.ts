import type { FastifyInstance } from 'fastify'
/**
 * bench:fair's stopwatch for queued work (a video render, a slideshow render): polls its state through the API until
 * it is processed, and says when it left `queued` and when it was done, in ms since `since`.
 */
export interface QueuedWork {
  state: string
  errorMessage: string | null
}

/** A JSON POST as the signed-in person's browser sends it, through the app's own request handling. */
export function postAs(http: FastifyInstance, who: { cookie: string }, url: string, body: unknown) {
  return http.inject({
    method: 'POST',
    url,
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  })
}

const POLL_MS = 100
const pause = () => new Promise((resolve) => setTimeout(resolve, POLL_MS))

export async function timeUntilProcessed(
  what: string,
  read: () => Promise<QueuedWork>,
  since: number,
  limitMs = 15 * 60_000,
): Promise<{ wait: number; done: number }> {
  let started: number | null = null
  for (;;) {
    const work = await read()
    if (started === null && work.state !== 'queued') started = performance.now() - since
    if (work.state === 'processed')
      return { wait: started ?? performance.now() - since, done: performance.now() - since }
    if (work.state === 'failed') throw new Error(`${what} failed: ${work.errorMessage}`)
    if (performance.now() - since > limitMs) throw new Error(`${what} still ${work.state} after ${limitMs / 1000} s`)
    await pause()
  }
}

/** Waits until the work has left `queued` (the flood's first piece is running). */
export async function untilStarted(what: string, read: () => Promise<QueuedWork>, limitMs = 60_000): Promise<void> {
  const since = performance.now()
  while ((await read()).state === 'queued') {
    if (performance.now() - since > limitMs) throw new Error(`${what} did not start in ${limitMs / 1000} s`)
    await pause()
  }
}
