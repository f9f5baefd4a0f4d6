import { MESSAGES, readOverlays, type CreatedVideo } from '@hookpost/shared'
import type { VideoView } from './videos.repository'

/** The same-origin paths of a video's files (cookie-authenticated; see videos.routes.ts). */
export function videoFilePaths(id: string) {
  const base = `/api/videos/${encodeURIComponent(id)}`
  return { file: `${base}/file`, download: `${base}/download`, thumbnail: `${base}/thumbnail` }
}

/**
 * The API's (and the live events') view of a created video: never the row itself (style.md rule 2). `processed` and
 * the file URLs need a rendered output that exists as a media file: a video is never reported processed without one.
 */
export function toCreatedVideoDto(view: VideoView): CreatedVideo {
  const processed = view.state === 'processed' && view.outputMediaId !== null && view.output !== null
  const paths = videoFilePaths(view.id)
  return {
    id: view.id,
    title: view.title,
    description: view.description,
    layout: view.layout,
    fit: view.fit,
    cropFocus: view.cropFocus,
    // Stored before ADR 031 as version 1: migrated when read.
    textOverlays: readOverlays(view.textOverlays),
    state: view.state,
    progress: processed ? 100 : Math.min(100, Math.max(0, Math.round(view.progress))),
    errorMessage: view.state === 'failed' ? (view.errorMessage ?? MESSAGES.renderFailed) : null,
    processed,
    processedAt: processed && view.processedAt ? view.processedAt.toISOString() : null,
    source: view.source,
    demo: view.demo,
    outputMediaId: processed ? view.outputMediaId : null,
    processedVideoUrl: processed ? paths.file : null,
    downloadUrl: processed ? paths.download : null,
    thumbnailUrl: processed && view.thumbnailKey ? paths.thumbnail : null,
    durationMs: processed ? (view.output?.durationMs ?? null) : null,
    createdAt: view.createdAt.toISOString(),
  }
}
