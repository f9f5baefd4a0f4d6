import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { takeTurns } from './pglite-turns'

let client: PGlite
beforeAll(async () => {
  client = new PGlite()
  await client.waitReady
  takeTurns(client)
})
afterAll(async () => {
  await client?.close()
})

describe('PGlite calls take turns with the event loop', () => {
  it('lets the event loop run between two queued statements', async () => {
    const events: string[] = []
    const first = client.query('select 1').then(() => {
      events.push('first')
      setImmediate(() => events.push('event loop'))
    })
    const second = client.exec('select 2').then(() => events.push('second'))
    await Promise.all([first, second])
    // Without turns, PGlite hands its lock to the second statement in a microtask: it would end before the loop ran.
    expect(events).toEqual(['first', 'event loop', 'second'])
  })

  it('keeps the order of calls, passes results and errors through, and goes on after an error', async () => {
    const results = await Promise.all([
      client.query<{ n: number }>('select 1 as n'),
      client.query<{ n: number }>('select $1::int as n', [2]),
      client.query<{ n: number }>('select nope').catch((err: Error) => err),
      client.query<{ n: number }>('select 3 as n'),
    ])
    expect(results.map((r) => (r instanceof Error ? 'error' : r.rows[0]!.n))).toEqual([1, 2, 'error', 3])
  })

  it('a transaction’s own statements do not wait for the queue', async () => {
    const outside = client.query('select 1')
    const inside = await client.transaction(async (tx) => (await tx.query<{ n: number }>('select 5 as n')).rows[0]!.n)
    await outside
    expect(inside).toBe(5)
  })
})

describe('a closed PGlite', () => {
  it('fails calls at once instead of queueing them behind one the close cut short', async () => {
    const other = new PGlite()
    await other.waitReady
    takeTurns(other)
    const cut = other.query('select pg_sleep(0.2)').catch((err: Error) => err)
    await other.close()
    await expect(other.query('select 1')).rejects.toThrow()
    await cut
  })
})
