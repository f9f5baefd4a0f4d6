import {
  VIDEO_DRAFT_MAX_BYTES,
  VIDEO_DRAFT_MESSAGES,
  VIDEO_DRAFT_SLOTS,
  videoDraftContentSchema,
  type DroppedDraftVideo,
  type MediaFile,
  type SaveVideoDraftInput,
  type VideoDraftContent,
  type VideoDraftSlot,
  type VideoDraftView,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { Log } from '../../lib/log'
import type { VideoDraftRow, VideoDraftsRepository } from './video-drafts.repository'

export interface VideoDraftsServiceDeps {
  repo: VideoDraftsRepository
  /** The person's media file by id, or null when they have none by that id (deleted since, someone else's). */
  findMedia: (userId: string, mediaId: string) => Promise<MediaFile | null>
  clock: () => Date
  log: Pick<Log, 'warn' | 'error'>
}

type Resolved = Pick<VideoDraftView, 'content' | 'media' | 'dropped'>

const NOTHING: Resolved = { content: null, media: { video: null, demo: null }, dropped: [] }

/** The draft's size as the JSON it is stored as. */
export function draftBytes(content: VideoDraftContent): number {
  return Buffer.byteLength(JSON.stringify(content), 'utf8')
}

/**
 * The Create form's draft (issue 30 item 2, ADR 044): read it, save it (after the revision the page holds, or refused
 * with 409), clear it (a save of nothing). Only the person's own media files stay in it: a video deleted since, or an id
 * that is not theirs, is taken out and reported in `dropped`, so nobody learns of another person's files.
 */
export function createVideoDraftsService(deps: VideoDraftsServiceDeps) {
  const { repo, findMedia, clock, log } = deps

  async function orFail<T>(message: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work()
    } catch (err) {
      if (err instanceof AppError) throw err
      log.error(`[video-drafts] ${message}`, err)
      throw new AppError('INTERNAL', message)
    }
  }

  /** The content with only the person's own videos, the media files it names, and what was taken out. */
  async function resolve(userId: string, content: VideoDraftContent | null): Promise<Resolved> {
    if (!content) return NOTHING
    const videos = { ...content.videos }
    const media: Record<VideoDraftSlot, MediaFile | null> = { video: null, demo: null }
    const dropped: DroppedDraftVideo[] = []
    for (const slot of VIDEO_DRAFT_SLOTS) {
      const choice = videos[slot]
      if (!choice) continue
      const file = await findMedia(userId, choice.mediaId)
      if (file) media[slot] = file
      else {
        dropped.push({ slot, mediaId: choice.mediaId, name: choice.name })
        videos[slot] = null
      }
    }
    return { content: { ...content, videos }, media, dropped }
  }

  function view(row: VideoDraftRow | undefined, resolved: Resolved): VideoDraftView {
    return { revision: row?.revision ?? 0, ...resolved, updatedAt: row?.updatedAt.toISOString() ?? null }
  }

  /** What is stored, read with today's contract: a draft an older version wrote that no longer reads is let go. */
  function storedContent(userId: string, row: VideoDraftRow): VideoDraftContent | null {
    if (row.content === null) return null
    const parsed = videoDraftContentSchema.safeParse(row.content)
    if (parsed.success) return parsed.data
    log.warn(`[video-drafts] the draft of ${userId} (revision ${row.revision}) no longer reads; it is not shown`)
    return null
  }

  return {
    /** GET /api/video-draft: revision 0 and no content when the person never saved one. */
    get(userId: string): Promise<VideoDraftView> {
      return orFail(VIDEO_DRAFT_MESSAGES.fetchFailed, async () => {
        const row = await repo.findForUser(userId)
        return view(row, row ? await resolve(userId, storedContent(userId, row)) : NOTHING)
      })
    },

    /** PUT /api/video-draft: stores the content (without videos that are not the person's) as the next revision. */
    save(userId: string, input: SaveVideoDraftInput): Promise<VideoDraftView> {
      if (input.content && draftBytes(input.content) > VIDEO_DRAFT_MAX_BYTES) {
        return Promise.reject(new AppError('PAYLOAD_TOO_LARGE', VIDEO_DRAFT_MESSAGES.tooLarge))
      }
      return orFail(VIDEO_DRAFT_MESSAGES.saveFailed, async () => {
        const resolved = await resolve(userId, input.content)
        const now = clock()
        const row =
          input.revision === 0
            ? await repo.insertFirst(userId, resolved.content, now)
            : await repo.updateAfter(userId, input.revision, resolved.content, now)
        if (!row) throw new AppError('CONFLICT', VIDEO_DRAFT_MESSAGES.conflict)
        return view(row, resolved)
      })
    },
  }
}

export type VideoDraftsService = ReturnType<typeof createVideoDraftsService>
