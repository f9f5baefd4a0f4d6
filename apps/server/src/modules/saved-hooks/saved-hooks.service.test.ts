import { beforeEach, describe, expect, it } from 'vitest'
import { MESSAGES, SAVED_HOOKS_MAX, savedHookInputSchema } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { createSavedHooksService, type SaveHookBody, type SavedHooksService } from './saved-hooks.service'
import { memorySavedHooksRepository } from './testing/memory-saved-hooks-repository'

/** The saved-hooks rules with an in-memory repository (saved-hooks.int.test.ts runs them over HTTP and SQL). */
const ME = 'user-me'
const OTHER = 'user-other'

let mem: ReturnType<typeof memorySavedHooksRepository>
let now: Date
let errors: string[]
let hooks: SavedHooksService

beforeEach(() => {
  mem = memorySavedHooksRepository()
  now = new Date('2026-11-22T10:00:00Z')
  errors = []
  hooks = createSavedHooksService({
    repo: mem.repo,
    clock: () => now,
    log: { error: (msg) => void errors.push(msg) },
  })
})

function body(overrides: Partial<SaveHookBody> = {}): SaveHookBody {
  return { text: 'Stop scrolling', position: 'top', color: '#ffcc00', fontSize: 120, fontWeight: 'bold', ...overrides }
}

async function rejection(work: Promise<unknown>): Promise<AppError> {
  const err = await work.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(AppError)
  return err as AppError
}

describe('the saved hook contract', () => {
  it('trims the text and keeps the style', () => {
    expect(savedHookInputSchema.parse(body({ text: '  Wait for it  ' }))).toEqual(body({ text: 'Wait for it' }))
  })

  it('refuses blank or too long text, and styles outside the studio’s choices', () => {
    const blank = savedHookInputSchema.safeParse(body({ text: '   ' }))
    expect(blank.success).toBe(false)
    expect(blank.error?.issues[0]?.message).toBe('Please enter text for the overlay')
    expect(savedHookInputSchema.safeParse(body({ text: 'x'.repeat(151) })).success).toBe(false)
    expect(savedHookInputSchema.safeParse(body({ text: 'x'.repeat(150) })).success).toBe(true)
    expect(savedHookInputSchema.safeParse({ ...body(), color: '#123456' }).success).toBe(false)
    expect(savedHookInputSchema.safeParse({ ...body(), fontSize: 20 }).success).toBe(false)
    expect(savedHookInputSchema.safeParse({ ...body(), position: 'middle' }).success).toBe(false)
    expect(savedHookInputSchema.safeParse({ ...body(), fontWeight: 'heavy' }).success).toBe(false)
  })
})

describe('saving and listing hooks', () => {
  it('saves a hook for its owner and lists the owner’s hooks newest first', async () => {
    const first = await hooks.save(ME, body({ text: 'First' }))
    now = new Date('2026-11-22T10:01:00Z')
    const second = await hooks.save(ME, body({ text: 'Second', position: 'center', fontSize: 56 }))
    await hooks.save(OTHER, body({ text: 'Not mine' }))
    expect(first).toEqual({
      id: first.id,
      text: 'First',
      position: 'top',
      color: '#ffcc00',
      fontSize: 120,
      fontWeight: 'bold',
      createdAt: '2026-11-22T10:00:00.000Z',
    })
    expect(await hooks.list(ME)).toEqual([second, first])
    expect((await hooks.list(OTHER)).map((h) => h.text)).toEqual(['Not mine'])
  })

  it(`keeps at most ${SAVED_HOOKS_MAX} hooks a person, and says so`, async () => {
    for (let i = 0; i < SAVED_HOOKS_MAX; i++) await hooks.save(ME, body({ text: `Hook ${i}` }))
    const err = await rejection(hooks.save(ME, body({ text: 'One too many' })))
    expect(err.code).toBe('CONFLICT')
    expect(err.message).toBe(MESSAGES.savedHooksFull)
    expect(MESSAGES.savedHooksFull).toContain(String(SAVED_HOOKS_MAX))
    expect(await mem.repo.countForUser(ME)).toBe(SAVED_HOOKS_MAX)
    // Someone else's hooks do not count.
    await expect(hooks.save(OTHER, body())).resolves.toMatchObject({ text: 'Stop scrolling' })
  })

  it('reports a database failure with the spec’s message, and logs it', async () => {
    mem.failNextInsert(new Error('connection reset'))
    const err = await rejection(hooks.save(ME, body()))
    expect(err.code).toBe('INTERNAL')
    expect(err.message).toBe('Failed to save hook')
    expect(errors).toEqual(['[saved-hooks] Failed to save hook'])
    expect(mem.hooks.size).toBe(0)
  })
})

describe('deleting a hook', () => {
  it('deletes the owner’s hook', async () => {
    const hook = await hooks.save(ME, body())
    await hooks.remove(ME, hook.id)
    expect(await hooks.list(ME)).toEqual([])
  })

  it('answers "not found" for another person’s hook, a deleted one or a malformed id, and deletes nothing', async () => {
    const theirs = await hooks.save(OTHER, body())
    for (const id of [theirs.id, '5b0c3f1e-3d3c-4d7e-9d59-6f7b7f0e0f00', 'not-a-uuid']) {
      const err = await rejection(hooks.remove(ME, id))
      expect(err.code).toBe('NOT_FOUND')
      expect(err.message).toBe(MESSAGES.savedHookNotFound)
    }
    expect(await hooks.list(OTHER)).toEqual([theirs])
  })
})
