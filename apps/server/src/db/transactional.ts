import type { JobTransaction } from '../lib/job-queue'
import type { Database } from './client'

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** The database or an open transaction: what a repository's queries run on. */
export type Executor = Database | Transaction

/**
 * A repository made of `createQueries(db)`, plus `transaction(fn)`: runs `fn` in one database transaction with the same
 * queries bound to it. `jobs` is that transaction for the job queue, so a job sent, moved or cancelled through it
 * commits or rolls back with the rows.
 */
export function withTransactions<Q extends object>(db: Database, createQueries: (db: Executor) => Q) {
  return {
    ...createQueries(db),
    transaction<T>(fn: (scope: { repo: Q; jobs: JobTransaction }) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn({ repo: createQueries(tx), jobs: tx }))
    },
  }
}

/**
 * `withTransactions`, whose scope also carries the transaction itself (`tx`): for a check of another module that must
 * run and commit with the rows (the plan's limits, ADR 036).
 */
export function withSharedTransactions<Q extends object>(db: Database, createQueries: (db: Executor) => Q) {
  return {
    ...createQueries(db),
    transaction<T>(fn: (scope: { repo: Q; jobs: JobTransaction; tx: Transaction }) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn({ repo: createQueries(tx), jobs: tx, tx }))
    },
  }
}
