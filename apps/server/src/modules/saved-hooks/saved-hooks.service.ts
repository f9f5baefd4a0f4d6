import { z } from 'zod'
import { MESSAGES, SAVED_HOOKS_MAX, type SavedHook, type savedHookInputSchema } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { Log as BaseLog } from '../../lib/log'
import type { SavedHookRow, SavedHooksRepository } from './saved-hooks.repository'

type Log = Pick<BaseLog, 'error'>

export interface SavedHooksServiceDeps {
  repo: Pick<SavedHooksRepository, 'listForUser' | 'deleteForUser' | 'transaction'>
  clock: () => Date
  log: Log
}

export type SaveHookBody = z.output<typeof savedHookInputSchema>

const uuid = z.uuid()

/** The API's view of a saved hook: never the row itself (style.md rule 2). */
export function toSavedHookDto(row: SavedHookRow): SavedHook {
  return {
    id: row.id,
    text: row.text,
    position: row.position,
    color: row.color,
    fontSize: row.fontSize,
    fontWeight: row.fontWeight,
    createdAt: row.createdAt.toISOString(),
  }
}

/**
 * Saved hooks (product.md §2 Text Overlays, §3 saved_hooks, §7): list newest first, save, delete. Every query is scoped by
 * the signed-in user; another user's hook is "not found". At most SAVED_HOOKS_MAX per person.
 */
export function createSavedHooksService(deps: SavedHooksServiceDeps) {
  const { repo, clock, log } = deps

  /** Unexpected failures become the spec's message for the action; domain errors pass through. */
  async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof AppError) throw err
      log.error(`[saved-hooks] ${message}`, err)
      throw new AppError('INTERNAL', message)
    }
  }

  return {
    /** GET /api/saved-hooks: newest first (the cap keeps the whole list one page). */
    list(userId: string): Promise<SavedHook[]> {
      return orFail(MESSAGES.fetchSavedHooksFailed, async () =>
        (await repo.listForUser(userId, SAVED_HOOKS_MAX)).map(toSavedHookDto),
      )
    },

    /** POST /api/saved-hooks: the body is validated (and its text trimmed) by the shared schema. */
    save(userId: string, input: SaveHookBody): Promise<SavedHook> {
      return orFail(MESSAGES.saveHookFailed, () =>
        repo.transaction(async ({ repo: tx }) => {
          await tx.lockForUser(userId)
          if ((await tx.countForUser(userId)) >= SAVED_HOOKS_MAX) {
            throw new AppError('CONFLICT', MESSAGES.savedHooksFull)
          }
          const row = await tx.insert({
            userId,
            text: input.text,
            position: input.position,
            color: input.color,
            fontSize: input.fontSize,
            fontWeight: input.fontWeight,
            createdAt: clock(),
          })
          return toSavedHookDto(row)
        }),
      )
    },

    /** DELETE /api/saved-hooks/:id: only the owner's; anything else (a malformed id too) is "not found". */
    async remove(userId: string, id: string): Promise<void> {
      if (!uuid.safeParse(id).success) throw new AppError('NOT_FOUND', MESSAGES.savedHookNotFound)
      const row = await orFail(MESSAGES.deleteSavedHookFailed, () => repo.deleteForUser(userId, id))
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.savedHookNotFound)
    },
  }
}

export type SavedHooksService = ReturnType<typeof createSavedHooksService>
