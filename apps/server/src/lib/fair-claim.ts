import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client'
import type { Executor, Transaction } from '../db/transactional'

/**
 * The fair claim (ADR 055, ADR 059), written once for every kind of queued work that people share: video renders,
 * slideshow renders and slideshow exports. A piece of work may start when it is queued, past its back-off, and its
 * owner has fewer than `perPerson` pieces of this kind running across all workers. Among those, the owner whose latest
 * claim is oldest goes first (never claimed: first), then that owner's oldest piece: round-robin by person.
 *
 * Claims of one kind take turns under a transaction-scoped advisory lock, so two workers cannot both see a person under
 * the cap and both start one; `FOR UPDATE SKIP LOCKED` and the state condition of the UPDATE keep a piece from being
 * claimed twice.
 */
export interface FairWork {
  /** The table (SQL name). Every row has `id` and `user_id`. */
  table: string
  /** The state column: `'queued'` may start, `'rendering'` counts against its owner's cap. */
  state: string
  /** When a piece was last claimed: a person's turn is the latest of theirs. */
  claimedAt: string
  /** Among one person's pieces, the oldest of this first (then by id). */
  queuedAt: string
  /** A nullable back-off: not started before it. */
  notBefore?: string
  /** This kind's advisory lock key (a constant of our own). */
  lock: number
}

export function fairClaims(work: FairWork) {
  const table = sql.identifier(work.table)
  const col = (alias: string, name: string) => sql.raw(`${alias}."${name}"`)
  const state = (alias: string) => col(alias, work.state)

  /** A person's place in the round: their latest claim (null: never claimed, so first). */
  const turnOf = sql`(SELECT max(${col('c', work.claimedAt)}) FROM ${table} c WHERE c."user_id" = v."user_id")`

  /** Queued, past its back-off, and its owner has fewer than `perPerson` of this kind running. */
  const startable = (at: Date, perPerson: number): SQL => sql`
    ${state('v')} = 'queued'
    ${
      work.notBefore
        ? sql`AND (${col('v', work.notBefore)} IS NULL OR ${col('v', work.notBefore)} <= ${at.toISOString()}::timestamptz)`
        : sql``
    }
    AND (SELECT count(*) FROM ${table} r WHERE r."user_id" = v."user_id" AND ${state('r')} = 'rendering')
      < ${perPerson}`

  return {
    /** The id of the fairest piece that may start now, locked for the claiming UPDATE (a subquery for its WHERE). */
    nextId(at: Date, perPerson: number): SQL {
      return sql`(SELECT v."id" FROM ${table} v WHERE ${startable(at, perPerson)}
        ORDER BY ${turnOf} ASC NULLS FIRST, ${col('v', work.queuedAt)}, v."id"
        LIMIT 1 FOR UPDATE OF v SKIP LOCKED)`
    },

    /**
     * Runs `claim` (the one conditional UPDATE … WHERE id = nextId) in its own transaction under this kind's advisory
     * lock, held for that transaction only.
     */
    inTurn<T>(db: Executor, claim: (tx: Transaction) => Promise<T>): Promise<T> {
      return (db as Database).transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${work.lock})`)
        return claim(tx)
      })
    },

    /** The piece each person would start next, fairest person first, at most `limit`: whose jobs to wake. */
    async startableIds(db: Executor, at: Date, perPerson: number, limit: number): Promise<string[]> {
      const result = (await db.execute(sql`
        SELECT q."id" FROM (
          SELECT DISTINCT ON (v."user_id") v."id", ${col('v', work.queuedAt)} AS queued_at, ${turnOf} AS turn
          FROM ${table} v
          WHERE ${startable(at, perPerson)}
          ORDER BY v."user_id", ${col('v', work.queuedAt)}, v."id"
        ) q
        ORDER BY q.turn ASC NULLS FIRST, q.queued_at
        LIMIT ${limit}`)) as unknown as { rows: { id: string }[] }
      return result.rows.map((r) => r.id)
    },
  }
}
