import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { startQueue, type QueueRuntime } from './job-queue'

/**
 * The queue's warm-up (stack-notes §4, gotcha 2): on a fresh PGlite data folder the queues are created after pg-boss
 * started, so its queue cache starts cold; the first send inside an app transaction would then wait for ever on the
 * connection that transaction holds. `startQueue` warms the cache, so that send completes.
 */
describe('startQueue on a fresh PGlite database', () => {
  let dir = ''
  let database: DatabaseHandle | undefined
  let queue: QueueRuntime | undefined

  afterEach(async () => {
    await queue?.stop()
    await database?.close()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('sends a job inside a transaction at once, and the job exists only once the transaction commits', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'job-queue-'))
    database = await openDatabase({ kind: 'pglite', dir })
    await database.migrate()
    queue = await startQueue(
      { kind: 'pglite', pglite: database.pglite! },
      { onError: () => undefined, supervise: false },
    )
    const outboxId = crypto.randomUUID()
    const sent = await Promise.race([
      database.db.transaction(async (tx) => {
        await queue!.send('mail.send', { outboxId }, { tx })
        return 'sent'
      }),
      new Promise((resolve) => setTimeout(() => resolve('hung'), 20_000)),
    ])
    expect(sent).toBe('sent')
    const rows = await database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'mail.send'`)
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1)
  })
})
