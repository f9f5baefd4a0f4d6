import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit'
import { sha256Hex } from '../lib/crypto'

/**
 * One counting window per key, kept where every API process sees it: the database (the auth module's attempt
 * counters, one upsert per hit). `npm start` on PostgreSQL serves one port from a process per core (ADR 053); with
 * the rate-limit plugin's own in-memory store each process counted alone, so every per-address and per-person limit
 * was that many times looser than it says (ADR 061).
 */
export interface WindowCounter {
  hit(key: string, now: Date, windowMs: number): Promise<{ attempts: number; windowStartedAt: Date }>
}

/**
 * A store for @fastify/rate-limit that counts in `counter`. Fixed windows from a key's first hit, as the plugin's
 * own store counts. Each route keeps its own counts (the key is prefixed with it). A limiter made with
 * `app.rateLimit()` has no route: its keys are prefixed with `limiter:` and must say what they count themselves.
 */
export function databaseRateLimitStore(counter: WindowCounter, clock: () => Date): FastifyRateLimitStoreCtor {
  class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      const now = clock()
      // Hashed, as the auth module's own counters are: a key names an address or a person, and no row kept for a
      // limit may say whose it is (an account's deletion leaves none that does).
      counter.hit(`request:${sha256Hex(`${this.prefix}${key}`)}`, now, timeWindow).then(
        ({ attempts, windowStartedAt }) =>
          callback(null, {
            current: attempts,
            ttl: Math.max(0, windowStartedAt.getTime() + timeWindow - now.getTime()),
          }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      )
    }

    child(options: Parameters<FastifyRateLimitStore['child']>[0]) {
      // The plugin passes the route's merged limit options with the route under `routeInfo` (empty for a limiter
      // made with `app.rateLimit()`); its types describe the route options themselves.
      const { routeInfo } = options as { routeInfo?: { method?: string | string[]; url?: string } }
      const route = routeInfo?.url ? `${String(routeInfo.method)} ${routeInfo.url}` : 'limiter'
      return new DatabaseRateLimitStore(undefined, `${this.prefix}${route}:`)
    }
  }
  return DatabaseRateLimitStore
}
