import { randomUUID } from 'node:crypto'
import type { NewSavedHookRow, SavedHookQueries, SavedHookRow } from '../saved-hooks.repository'

/**
 * The saved-hooks repository as a map, for the service's unit tests (saved-hooks.int.test.ts runs the real one).
 * A transaction runs on a copy that is put back only on success, so a rollback is a rollback here too.
 */
export function memorySavedHooksRepository() {
  let hooks = new Map<string, SavedHookRow>()
  let failNext: Error | null = null

  function queries(): SavedHookQueries {
    return {
      async lockForUser() {},
      async countForUser(userId) {
        return [...hooks.values()].filter((h) => h.userId === userId).length
      },
      async insert(row: NewSavedHookRow) {
        if (failNext) {
          const err = failNext
          failNext = null
          throw err
        }
        const full: SavedHookRow = { id: randomUUID(), createdAt: new Date(), ...row } as SavedHookRow
        hooks.set(full.id, full)
        return full
      },
      async listForUser(userId, limit) {
        return [...hooks.values()]
          .filter((h) => h.userId === userId)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
          .slice(0, limit)
      },
      async deleteForUser(userId, id) {
        const row = hooks.get(id)
        if (!row || row.userId !== userId) return undefined
        hooks.delete(id)
        return row
      },
    }
  }

  const repo = {
    ...queries(),
    async transaction<T>(fn: (scope: { repo: SavedHookQueries; jobs: never }) => Promise<T>): Promise<T> {
      const before = new Map(hooks)
      try {
        return await fn({ repo: queries(), jobs: undefined as never })
      } catch (err) {
        hooks = before
        throw err
      }
    },
  }

  return {
    repo,
    get hooks() {
      return hooks
    },
    /** The next insert throws `err` (a database failure). */
    failNextInsert(err: Error) {
      failNext = err
    },
  }
}
