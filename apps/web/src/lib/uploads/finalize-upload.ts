import { finalizeUploadResponseSchema, type MediaFile } from '@hookpost/shared/posts'
import { apiRequest } from '../api-client'

/**
 * POST /api/media: after the tus upload finished, the server checks the file (magic bytes, ffprobe, TikTok's media
 * limits) and keeps it as a MediaFile, or deletes it and answers 400 with the reason.
 */
export async function finalizeUpload(uploadId: string): Promise<MediaFile> {
  const payload = await apiRequest<unknown>('/api/media', { method: 'POST', body: { uploadId } })
  return finalizeUploadResponseSchema.parse(payload).media
}

/** Where the browser plays a stored upload from (the composer's preview). */
export function mediaFileUrl(mediaId: string): string {
  return `/api/media/${encodeURIComponent(mediaId)}/file`
}
