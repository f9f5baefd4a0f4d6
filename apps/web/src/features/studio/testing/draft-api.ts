import { VIDEO_DRAFT_MESSAGES, type SaveVideoDraftInput, type VideoDraftView } from '@hookpost/shared/studio'
import type { ApiCall, ApiReply } from '../../../testing/api-mock'
import { makeMedia } from '../../../testing/uploads'

export type DraftApiOptions = {
  /** What the server holds at first (default: nothing, revision 0). */
  initial?: VideoDraftView
  /** Media ids the server no longer has: a draft naming one has it taken out. */
  goneMedia?: string[]
  /** Answers a save instead (per call: undefined means the normal answer). */
  save?: ApiReply | (() => ApiReply | undefined)
}

/**
 * A stand-in for /api/video-draft as the server behaves: GET the draft, PUT the next revision after the one held (409
 * otherwise), media files resolved by id (`makeMedia` named after the choice), gone ones dropped.
 */
export function draftApi(options: DraftApiOptions = {}) {
  let stored: VideoDraftView = options.initial ?? {
    revision: 0,
    content: null,
    media: { video: null, demo: null },
    dropped: [],
    updatedAt: null,
  }
  const gone = new Set(options.goneMedia ?? [])
  const saves: SaveVideoDraftInput[] = []

  function resolved(view: VideoDraftView): VideoDraftView {
    const content = view.content
    if (!content) return { ...view, media: { video: null, demo: null }, dropped: [] }
    const dropped: VideoDraftView['dropped'] = []
    const videos = { ...content.videos }
    const media: VideoDraftView['media'] = { video: null, demo: null }
    for (const slot of ['video', 'demo'] as const) {
      const choice = videos[slot]
      if (!choice) continue
      if (gone.has(choice.mediaId)) {
        dropped.push({ slot, mediaId: choice.mediaId, name: choice.name })
        videos[slot] = null
      } else {
        const known = view.media[slot]
        media[slot] =
          known?.id === choice.mediaId ? known : makeMedia({ id: choice.mediaId, originalName: choice.name })
      }
    }
    return { ...view, content: { ...content, videos }, media, dropped }
  }

  function handle({ method, body }: ApiCall): ApiReply {
    if (method === 'GET') return { status: 200, body: { draft: resolved(stored) } }
    const input = body as SaveVideoDraftInput
    saves.push(input)
    const override = typeof options.save === 'function' ? options.save() : options.save
    if (override) return override
    if (input.revision !== stored.revision) {
      return { status: 409, body: { code: 'CONFLICT', message: VIDEO_DRAFT_MESSAGES.conflict } }
    }
    const next = resolved({ ...stored, revision: stored.revision + 1, content: input.content, media: stored.media })
    stored = { ...next, dropped: [] }
    return { status: 200, body: { draft: next } }
  }

  return {
    handle,
    saves,
    /** What the server holds now. */
    stored: () => stored,
    /** Another tab or device saves meanwhile. */
    savedElsewhere: (content: VideoDraftView['content']) => {
      stored = { ...stored, revision: stored.revision + 1, content }
    },
  }
}
