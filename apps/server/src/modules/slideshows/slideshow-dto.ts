import { readOverlays, SLIDESHOW_MESSAGES, type SlideSource, type Slideshow } from '@hookpost/shared'
import { imageFileUrl } from '../images'
import type { SlideshowRow } from './slideshows.repository'

/** The same-origin paths of a slideshow's files (cookie-authenticated; see slideshows.routes.ts). */
export const slideshowPaths = {
  /** A JPEG still of one of the person's videos at `atMs` (a clip slide's background), made once and cached. */
  still: (mediaId: string, atMs: number) => `/api/slideshows/stills/${encodeURIComponent(mediaId)}?atMs=${atMs}`,
  /** One rendered slide of a photo set: the URL changes with every render, so it may be cached for good. */
  photoSetImage: (photoSetId: string, index: number) =>
    `/api/slideshows/photo-sets/${encodeURIComponent(photoSetId)}/images/${index}`,
  /** The MP4 export: a media file of the person's, served like any of their videos. */
  mediaFile: (mediaId: string) => `/api/media/${encodeURIComponent(mediaId)}/file`,
}

export function sourceUrl(source: SlideSource): string {
  return source.kind === 'image' ? imageFileUrl(source.imageId) : slideshowPaths.still(source.mediaId, source.atMs)
}

/**
 * The API's (and the live events') view of a slideshow. `photoSetId` and the slides' `imageUrl`s are the render of the
 * slides shown: null while an edit is being rendered, so a post is never scheduled with the previous slides by mistake.
 */
export function toSlideshowDto(row: SlideshowRow, live: { exportProgress?: number } = {}): Slideshow {
  const processed = row.state === 'processed' && row.photoSetId !== null
  const exported = row.exportState === 'processed' && row.exportMediaId !== null
  return {
    id: row.id,
    title: row.title,
    slides: row.slides.map((slide, index) => ({
      source: slide.source,
      overlays: readOverlays(slide.overlays),
      sourceUrl: sourceUrl(slide.source),
      imageUrl: processed && row.photoSetId ? slideshowPaths.photoSetImage(row.photoSetId, index) : null,
    })),
    coverIndex: row.coverIndex,
    state: row.state,
    progress: processed ? 100 : Math.min(100, Math.max(0, Math.round(row.progress))),
    errorMessage: row.state === 'failed' ? (row.errorMessage ?? SLIDESHOW_MESSAGES.renderFailed) : null,
    photoSetId: processed ? row.photoSetId : null,
    export: {
      state: row.exportState,
      progress: exported ? 100 : row.exportState === 'rendering' ? Math.round(live.exportProgress ?? 0) : 0,
      secondsPerSlide: row.exportSecondsPerSlide,
      errorMessage: row.exportState === 'failed' ? (row.exportErrorMessage ?? SLIDESHOW_MESSAGES.exportFailed) : null,
      mediaId: exported ? row.exportMediaId : null,
      videoUrl: exported && row.exportMediaId ? slideshowPaths.mediaFile(row.exportMediaId) : null,
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}
