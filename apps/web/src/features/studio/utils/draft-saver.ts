import { MESSAGES } from '@hookpost/shared/messages'
import type { DroppedDraftVideo, SaveVideoDraftInput, VideoDraftContent, VideoDraftView } from '@hookpost/shared/studio'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { draftKey } from './video-draft-content'

/** ~1 s after the last change (issue 30): a pause in typing, not every key. */
export const DRAFT_SAVE_DELAY_MS = 1000

/**
 * What the form says about its draft. `empty`: nothing is kept and nothing needs keeping; `saving`: a change waits for
 * its save or is being sent; `saved`: the server holds what the form shows; `failed`: the last save did not happen
 * (`reason`, when the server said why); `conflict`: the draft was saved elsewhere since this page read it.
 */
export type DraftSaveStatus =
  | { state: 'empty' }
  | { state: 'saving' }
  | { state: 'saved' }
  | { state: 'failed'; reason: string | null }
  | { state: 'conflict' }

export interface DraftSaverDeps {
  save: (body: SaveVideoDraftInput, options: { keepalive?: boolean }) => Promise<VideoDraftView>
  load: () => Promise<VideoDraftView>
  /** Told of each run of saves (so a form that opens meanwhile reads the draft after it). */
  track: (work: Promise<unknown>) => void
  onStatus: (status: DraftSaveStatus) => void
  /** Videos the server took out of a save (deleted since, or not the person's). */
  onDropped: (dropped: DroppedDraftVideo[]) => void
  delayMs?: number
}

/** Stands for "the server holds something else": a draft read with a video taken out must be saved again. */
const STALE = '#stale'

function savedKeyOf(view: VideoDraftView): string {
  return view.dropped.length > 0 ? STALE : draftKey(view.content)
}

function failureReason(error: unknown): string | null {
  if (error instanceof ApiRequestError && error.status < 500) return error.message
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return null
}

export function isConflict(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 409
}

/**
 * Keeps the server's draft in step with the form (issue 30 item 2, ADR 044): a change is saved `delayMs` after the
 * last one (at once when the form becomes empty: Create Video, Start over), one save at a time, each after the
 * revision the last one returned. A refusal because another page saved since stops the saving until the person
 * chooses (load the newer draft, or keep this one over it); a failure waits for the next change or a retry. The status
 * only says `saved` once the server has answered for exactly what the form holds.
 */
export function createDraftSaver(initial: VideoDraftView, deps: DraftSaverDeps) {
  const delayMs = deps.delayMs ?? DRAFT_SAVE_DELAY_MS
  let revision = initial.revision
  let savedKey = savedKeyOf(initial)
  let latest: VideoDraftContent | null = initial.content
  let latestKey = draftKey(initial.content)
  let timer: ReturnType<typeof setTimeout> | null = null
  let syncing: Promise<void> | null = null
  let conflicted = false
  /** While a replacement is being saved, the form going away must not save over it. */
  let replacing = false

  const settled = (): DraftSaveStatus => (latest === null ? { state: 'empty' } : { state: 'saved' })

  function clearTimer() {
    if (timer) clearTimeout(timer)
    timer = null
  }

  function refused(error: unknown) {
    if (isConflict(error)) {
      conflicted = true
      deps.onStatus({ state: 'conflict' })
    } else deps.onStatus({ state: 'failed', reason: failureReason(error) })
  }

  /** Saves until the server holds the latest change, or a save fails. */
  async function drain(options: { keepalive?: boolean }) {
    while (!conflicted && !replacing && latestKey !== savedKey) {
      const key = latestKey
      deps.onStatus({ state: 'saving' })
      try {
        const view = await deps.save({ revision, content: latest }, options)
        revision = view.revision
        savedKey = key
        if (view.dropped.length > 0) deps.onDropped(view.dropped)
      } catch (error) {
        refused(error)
        return
      }
    }
    if (!conflicted && !replacing) deps.onStatus(settled())
  }

  function send(options: { keepalive?: boolean } = {}): Promise<void> {
    clearTimer()
    if (syncing) return syncing
    const run = drain(options).finally(() => {
      syncing = null
    })
    syncing = run
    deps.track(run)
    return run
  }

  /** Starts from a view the server gave (a replacement saved, the newer draft loaded). */
  function adopt(view: VideoDraftView) {
    revision = view.revision
    latest = view.content
    latestKey = draftKey(view.content)
    savedKey = savedKeyOf(view)
    conflicted = false
  }

  return {
    /** The form holds `content` now (null: nothing worth keeping). */
    track(content: VideoDraftContent | null) {
      latest = content
      latestKey = draftKey(content)
      if (conflicted || replacing) return
      if (latestKey === savedKey && !syncing) {
        clearTimer()
        deps.onStatus(settled())
        return
      }
      deps.onStatus({ state: 'saving' })
      clearTimer()
      timer = setTimeout(() => void send(), content === null ? 0 : delayMs)
    },

    /** Sends a waiting change now (the page is being hidden or left, the form is closing). */
    flush(options: { keepalive?: boolean } = {}) {
      if (conflicted || replacing || latestKey === savedKey) return
      void send(options)
    },

    retry: () => send(),

    /** Saves `content` in place of the draft (after the revision this page holds) and returns it as the server has it. */
    async replace(content: VideoDraftContent | null): Promise<VideoDraftView> {
      clearTimer()
      replacing = true
      try {
        await syncing
        if (conflicted) throw new Error('the draft was saved elsewhere')
        const work = deps.save({ revision, content }, {})
        deps.track(work)
        const view = await work
        adopt(view)
        deps.onStatus(settled())
        return view
      } catch (error) {
        if (isConflict(error)) refused(error)
        throw error
      } finally {
        replacing = false
      }
    },

    /** Conflict: the newer draft, to open the form on. */
    async loadNewer(): Promise<VideoDraftView> {
      const view = await deps.load()
      adopt(view)
      deps.onStatus(settled())
      return view
    },

    /** Conflict: this page's draft saved over the newer one. */
    async keepMine(): Promise<void> {
      const view = await deps.load()
      revision = view.revision
      savedKey = STALE
      conflicted = false
      await send()
    },
  }
}

export type DraftSaver = ReturnType<typeof createDraftSaver>
