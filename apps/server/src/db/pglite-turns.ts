import type { PGlite } from '@electric-sql/pglite'

/**
 * PGlite runs every statement synchronously, in WebAssembly on the main thread, and hands its lock from one waiting
 * caller to the next in microtasks: queued statements run back to back without the event loop ever turning. Measured
 * here: 40 queued 37 ms queries held the loop for 1.5 s in one piece (no timer, no socket read, /api/health waiting
 * behind the calendar); under `npm run bench:api` the loop stalled for tens of seconds. Calls made through
 * `query`/`exec` therefore take turns: each starts only after the previous one ended and the event loop has run once
 * (setImmediate), so the longest hold is one statement. The order of calls is kept. A transaction's own statements
 * (`tx.query`, `tx.exec`) go straight to PGlite inside the transaction, as before: they never wait for this queue,
 * so no transaction can wait on a call queued behind it. Like PGlite's own lock, the queue holds every call behind the
 * one running; only closing the database ends that.
 */
export function takeTurns(client: PGlite): void {
  let previous: Promise<unknown> = Promise.resolve()
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve))
  const query = client.query.bind(client)
  const exec = client.exec.bind(client)
  const queued = <T>(run: () => Promise<T>): Promise<T> => {
    // Once closed, a call fails at once, as PGlite's own does; it must not wait behind a call the close cut short.
    if (client.closed) return run()
    const next = previous.then(turn).then(run)
    previous = next.catch(() => undefined)
    return next
  }
  client.query = ((...args: Parameters<PGlite['query']>) => queued(() => query(...args))) as PGlite['query']
  client.exec = ((...args: Parameters<PGlite['exec']>) => queued(() => exec(...args))) as PGlite['exec']
}
