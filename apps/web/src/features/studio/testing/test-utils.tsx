import { vi } from 'vitest'
import { SLIDESHOW_CATEGORY, type LibraryItem, type LibraryVideo } from '@hookpost/shared/library'
import type { Slideshow } from '@hookpost/shared/slideshows'
import {
  OVERLAY_DEFAULTS,
  type CreatedVideo,
  type CreateVideoInput,
  type SavedHook,
  type SavedHookInput,
  type TextOverlay,
} from '@hookpost/shared/studio'
import { mockApi, type ApiReply } from '../../../testing/api-mock'
import { makeMedia } from '../../../testing/uploads'
import { draftApi, type DraftApiOptions } from './draft-api'

export { installDialogPolyfill, mockApi, notFound, renderRoute, renderWithQueryClient } from '../../../testing/api-mock'
export { fakeUploader, makeMedia, videoFile } from '../../../testing/uploads'

let serial = 0

/** A created video as the API returns it: processed (Ready) unless told otherwise. */
export function makeVideo(overrides: Partial<CreatedVideo> = {}): CreatedVideo {
  serial += 1
  const id = overrides.id ?? `video-${serial}`
  const processed = (overrides.state ?? 'processed') === 'processed'
  return {
    id,
    title: `Video ${serial}`,
    description: '',
    layout: 'single',
    fit: 'blur',
    cropFocus: 50,
    textOverlays: [],
    state: 'processed',
    progress: processed ? 100 : 0,
    errorMessage: null,
    processed,
    processedAt: processed ? '2027-01-10T12:05:00.000Z' : null,
    source: { mediaId: 'media-1', originalName: 'clip.mp4' },
    demo: null,
    outputMediaId: processed ? `out-${id}` : null,
    processedVideoUrl: processed ? `/api/videos/${id}/file` : null,
    downloadUrl: processed ? `/api/videos/${id}/download` : null,
    thumbnailUrl: processed ? `/api/videos/${id}/thumbnail` : null,
    durationMs: processed ? 3000 : null,
    createdAt: `2027-01-10T12:00:${String(serial % 60).padStart(2, '0')}.000Z`,
    ...overrides,
  }
}

export function makeOverlay(overrides: Partial<TextOverlay> = {}): TextOverlay {
  serial += 1
  return {
    ...OVERLAY_DEFAULTS,
    id: `ov-${serial}`,
    text: `Overlay ${serial}`,
    ...overrides,
  }
}

/** A saved hook as the API returns it. */
export function makeSavedHook(overrides: Partial<SavedHook> = {}): SavedHook {
  serial += 1
  return {
    id: `hook-${serial}`,
    text: `Hook ${serial}`,
    position: 'center',
    color: '#ffffff',
    fontSize: 96,
    fontWeight: 'bold',
    createdAt: `2027-01-09T12:00:${String(serial % 60).padStart(2, '0')}.000Z`,
    ...overrides,
  }
}

/** A library item as GET /api/library returns it: a stock clip unless told otherwise. */
export function makeLibraryItem(overrides: Partial<LibraryVideo> = {}): LibraryVideo {
  serial += 1
  const slug = `clip-${serial}`
  return {
    id: `stock:${slug}`,
    title: `Clip ${serial}`,
    description: 'A stock clip',
    category: 'Product Features',
    thumbnailUrl: `/api/library/stock/${slug}/thumbnail`,
    videoUrl: `/api/library/stock/${slug}/file`,
    duration: 4,
    width: 720,
    height: 1280,
    isUserContent: false,
    slideshow: null,
    ...overrides,
  }
}

/** A slideshow as the API returns it: two gallery slides, queued, not exported, unless told otherwise. */
export function makeSlideshow(overrides: Partial<Slideshow> = {}): Slideshow {
  return {
    id: 'ss-1',
    title: 'Sleep tips',
    slides: [0, 1].map((i) => ({
      source: { kind: 'image', imageId: `img-${i}` },
      overlays: [],
      sourceUrl: `/api/images/img-${i}/file`,
      imageUrl: null,
    })),
    coverIndex: 0,
    state: 'queued',
    progress: 0,
    errorMessage: null,
    photoSetId: null,
    export: { state: 'none', progress: 0, secondsPerSlide: 3, errorMessage: null, mediaId: null, videoUrl: null },
    createdAt: '2027-01-10T12:00:00.000Z',
    updatedAt: '2027-01-10T12:00:00.000Z',
    ...overrides,
  }
}

type ExportState = Slideshow['export']['state']

/** One of the person's slideshows as GET /api/library lists it: not exported as a video unless told otherwise. */
export function makeSlideshowLibraryItem(
  overrides: Partial<LibraryItem> & { slideshowId?: string; slideCount?: number; exportState?: ExportState } = {},
): LibraryItem {
  serial += 1
  const { slideshowId = `show-${serial}`, slideCount = 3, exportState = 'none', ...rest } = overrides
  const exported = exportState === 'processed'
  return {
    id: `slideshow:${slideshowId}`,
    title: `Slideshow ${serial}`,
    description: 'Hook · Point · Call to action',
    category: SLIDESHOW_CATEGORY,
    thumbnailUrl: `/api/slideshows/photo-sets/set-${serial}/images/0`,
    videoUrl: exported ? `/api/media/export-of-${slideshowId}/file` : null,
    duration: exported ? slideCount * 3 : null,
    width: 1080,
    height: 1920,
    isUserContent: true,
    slideshow: { id: slideshowId, slideCount, exportState },
    ...rest,
  }
}

/** The video the server makes of a create body: queued, with the body's fields. */
export function videoFromBody(body: CreateVideoInput, id = 'new-video'): CreatedVideo {
  return makeVideo({
    id,
    title: body.title,
    description: body.description ?? '',
    layout: body.demoMediaId ? (body.layout ?? 'sequence') : 'single',
    fit: body.fit ?? 'blur',
    textOverlays: (body.textOverlays ?? []) as TextOverlay[],
    state: 'queued',
    createdAt: '2027-01-11T09:00:00.000Z',
  })
}

/**
 * A stand-in for /api/videos (and /api/media for uploads, /api/saved-hooks for the saved hooks) over `initial` and
 * `overrides.hooks`: GET lists them, POST creates a queued video (or a hook), DELETE and retry work on the lists. Each
 * can be answered with an override instead.
 */
export function videosApi(
  initial: CreatedVideo[] = [],
  overrides: {
    /** A function answers per call; undefined from it means the normal answer. */
    list?: ApiReply | (() => ApiReply | undefined)
    create?: ApiReply
    remove?: ApiReply
    retry?: ApiReply
    media?: ApiReply
    /** The saved hooks the server starts with (any order; the client sorts them). */
    hooks?: SavedHook[]
    listHooks?: ApiReply | (() => ApiReply | undefined)
    saveHook?: ApiReply
    removeHook?: ApiReply
    /** GET /api/library's videos (not preparing). */
    library?: LibraryItem[]
    listLibrary?: ApiReply | (() => ApiReply | undefined)
    /** POST /api/library/use; by default the item as a 720×1280 media file `media-of-<item id>`. */
    chooseLibrary?: ApiReply
    /** /api/video-draft (the Create form's draft): nothing saved at first unless told. */
    draft?: DraftApiOptions
  } = {},
) {
  const draft = draftApi(overrides.draft)
  let videos = [...initial]
  let hooks = [...(overrides.hooks ?? [])]
  let hookSerial = 0
  /** The original name the server reports for an upload id (set by the test that uploads). */
  const uploadNames = new Map<string, string>()
  const api = mockApi((call) => {
    const { method, pathname, body } = call
    if (pathname === '/api/video-draft') return draft.handle(call)
    if (pathname === '/api/media' && method === 'POST') {
      const uploadId = (body as { uploadId: string }).uploadId
      const originalName = uploadNames.get(uploadId) ?? 'clip.mp4'
      return (
        overrides.media ?? { status: 201, body: { media: makeMedia({ id: `media-of-${uploadId}`, originalName }) } }
      )
    }
    if (pathname === '/api/library' && method === 'GET') {
      const list = typeof overrides.listLibrary === 'function' ? overrides.listLibrary() : overrides.listLibrary
      return list ?? { status: 200, body: { videos: overrides.library ?? [], preparing: false } }
    }
    if (pathname === '/api/library/use' && method === 'POST') {
      if (overrides.chooseLibrary) return overrides.chooseLibrary
      const itemId = (body as { itemId: string }).itemId
      const item = (overrides.library ?? []).find((i) => i.id === itemId)
      if (!item) return { status: 404, body: { code: 'NOT_FOUND', message: 'Library video not found' } }
      const media = makeMedia({ id: `media-of-${itemId}`, originalName: `${item.title}.mp4`, width: 720, height: 1280 })
      return { status: 200, body: { media } }
    }
    if (pathname === '/api/videos' && method === 'GET') {
      const list = typeof overrides.list === 'function' ? overrides.list() : overrides.list
      return list ?? { status: 200, body: { videos } }
    }
    if (pathname === '/api/videos' && method === 'POST') {
      if (overrides.create) return overrides.create
      const video = videoFromBody(body as CreateVideoInput)
      videos = [video, ...videos]
      return { status: 201, body: { video } }
    }
    if (pathname === '/api/saved-hooks' && method === 'GET') {
      const list = typeof overrides.listHooks === 'function' ? overrides.listHooks() : overrides.listHooks
      return list ?? { status: 200, body: { hooks } }
    }
    if (pathname === '/api/saved-hooks' && method === 'POST') {
      if (overrides.saveHook) return overrides.saveHook
      hookSerial += 1
      const hook: SavedHook = {
        ...(body as SavedHookInput),
        id: `saved-${hookSerial}`,
        createdAt: `2027-01-12T09:00:${String(hookSerial % 60).padStart(2, '0')}.000Z`,
      } as SavedHook
      hooks = [hook, ...hooks]
      return { status: 201, body: { hook } }
    }
    const hook = /^\/api\/saved-hooks\/([^/]+)$/.exec(pathname)
    if (hook && method === 'DELETE') {
      if (overrides.removeHook) return overrides.removeHook
      if (!hooks.some((h) => h.id === hook[1])) {
        return { status: 404, body: { code: 'NOT_FOUND', message: 'Saved hook not found' } }
      }
      hooks = hooks.filter((h) => h.id !== hook[1])
      return { status: 204 }
    }
    const retry = /^\/api\/videos\/([^/]+)\/retry$/.exec(pathname)
    if (retry && method === 'POST') {
      if (overrides.retry) return overrides.retry
      const video = videos.find((v) => v.id === retry[1])
      if (!video) return { status: 404, body: { code: 'NOT_FOUND', message: 'Video not found' } }
      const queued: CreatedVideo = { ...video, state: 'queued', progress: 0, errorMessage: null }
      videos = videos.map((v) => (v.id === video.id ? queued : v))
      return { status: 200, body: { video: queued } }
    }
    const one = /^\/api\/videos\/([^/]+)$/.exec(pathname)
    if (one && method === 'DELETE') {
      if (overrides.remove) return overrides.remove
      videos = videos.filter((v) => v.id !== one[1])
      return { status: 204 }
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }
  })
  return {
    ...api,
    uploadNames,
    posts: () => api.calls.filter((c) => c.method === 'POST' && c.pathname === '/api/videos'),
    gets: () => api.calls.filter((c) => c.method === 'GET' && c.pathname === '/api/videos'),
    hookCalls: () => api.calls.filter((c) => c.pathname.startsWith('/api/saved-hooks')),
    libraryCalls: () => api.calls.filter((c) => c.pathname.startsWith('/api/library')),
    savedHooks: () => hooks,
    draft,
  }
}

/** One call made on the fake 2D context. */
export type CanvasCall = { name: string; args: unknown[]; font: string; fillStyle: unknown }

/**
 * jsdom has no canvas: a 2D context that records what is drawn (text measured as 0.6 em per character), and players
 * that do nothing. Object URLs are fake too. Undo with `vi.restoreAllMocks()` and `vi.unstubAllGlobals()`.
 */
export function installMediaFakes() {
  const calls: CanvasCall[] = []
  const ctx = {
    font: '10px sans-serif',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    lineWidth: 1,
    lineJoin: 'miter',
    strokeStyle: '#000',
    fillStyle: '#000',
    shadowColor: 'rgba(0, 0, 0, 0)',
    shadowBlur: 0,
    shadowOffsetX: 0,
    shadowOffsetY: 0,
    measureText(text: string) {
      const px = Number(/(\d+(?:\.\d+)?)px/.exec(ctx.font)?.[1] ?? 10)
      return { width: Array.from(text).length * px * 0.6 }
    },
  } as Record<string, unknown> & { font: string; measureText: (t: string) => { width: number } }
  for (const name of [
    'setTransform',
    'clearRect',
    'strokeText',
    'fillText',
    'beginPath',
    'moveTo',
    'arcTo',
    'closePath',
    'fill',
  ]) {
    ctx[name] = (...args: unknown[]) => calls.push({ name, args, font: ctx.font, fillStyle: ctx.fillStyle })
  }
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () => ctx as unknown as CanvasRenderingContext2D,
  )
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {})
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {})
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve())
  let urls = 0
  const revoked: string[] = []
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: () => `blob:preview-${++urls}`,
      revokeObjectURL: (url: string) => revoked.push(url),
    }),
  )
  return {
    calls,
    /** The texts filled on the canvas by the last full redraw (after its last clearRect). */
    drawnTexts: () => {
      const start = calls.map((c) => c.name).lastIndexOf('clearRect')
      return calls
        .slice(start + 1)
        .filter((c) => c.name === 'fillText')
        .map((c) => String(c.args[0]))
    },
    revoked,
  }
}
