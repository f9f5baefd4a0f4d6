import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { videoCounts } from '../domain/engagement'
import { publicSince } from '../domain/publish-status'
import { sendOk } from '../http/envelope'
import { escapeHtml } from '../http/html'
import { ApiError } from '../http/errors'
import type { Sandbox } from '../sandbox'
import type { Publish } from '../state/schema'
import { guard, objectBody, RATE_LIMITS, requestedFields } from './api-request'

/** Video Object fields (tiktok-api.md §5.3). */
export const VIDEO_FIELDS = [
  'id',
  'create_time',
  'cover_image_url',
  'share_url',
  'video_description',
  'duration',
  'height',
  'width',
  'title',
  'embed_html',
  'embed_link',
  'like_count',
  'comment_count',
  'share_count',
  'view_count',
] as const
type VideoField = (typeof VIDEO_FIELDS)[number]

export const MAX_COUNT = 20
const DEFAULT_COUNT = 10

const listBody = z.object({
  cursor: z.number().int().min(0).optional(),
  max_count: z.number().int().min(1).max(MAX_COUNT).optional(),
})

const queryBody = z.object({
  filters: z.object({ video_ids: z.array(z.string()).min(1).max(MAX_COUNT) }),
})

interface PublicVideo {
  publish: Publish
  /** When it became public: create_time (the cursor is in ms, create_time in s). */
  since: number
}

function publicVideos(sandbox: Sandbox, openId: string): PublicVideo[] {
  const now = sandbox.now()
  return sandbox
    .publishesOf(openId)
    .map((publish) => ({ publish, since: publicSince(publish, now) }))
    .filter((v): v is PublicVideo => v.since !== null)
    .sort((a, b) => b.since - a.since || (b.publish.postId < a.publish.postId ? -1 : 1))
}

export function registerDisplayRoutes(scope: FastifyInstance, sandbox: Sandbox): void {
  // tiktok-api.md §5.1: the user's public videos, newest first; cursor = UTC ms, pass the previous data.cursor.
  scope.post('/v2/video/list/', async (request, reply) => {
    const caller = guard(sandbox, request, { limit: RATE_LIMITS.default, scopes: ['video.list'] })
    const fields = requestedFields(request, VIDEO_FIELDS)
    const parsed = listBody.safeParse(objectBody(request))
    if (!parsed.success) throw new ApiError(400, 'invalid_params', parsed.error.issues[0]?.message ?? 'invalid body')
    const { cursor, max_count: maxCount = DEFAULT_COUNT } = parsed.data
    const older = publicVideos(sandbox, caller.creator.openId).filter((v) => cursor === undefined || v.since < cursor)
    const page = older.slice(0, maxCount)
    const last = page.at(-1)
    return sendOk(reply, sandbox, {
      videos: page.map((v) => videoObject(sandbox, v, fields)),
      cursor: last ? last.since : (cursor ?? sandbox.now()),
      has_more: older.length > page.length,
    })
  })

  // tiktok-api.md §5.2: refresh given videos (≤ 20) of the caller; ids of other users' or non-public videos are left out.
  scope.post('/v2/video/query/', async (request, reply) => {
    const caller = guard(sandbox, request, { limit: RATE_LIMITS.default, scopes: ['video.list'] })
    const fields = requestedFields(request, VIDEO_FIELDS)
    const parsed = queryBody.safeParse(objectBody(request))
    if (!parsed.success) {
      throw new ApiError(400, 'invalid_params', 'filters.video_ids must list 1 to 20 video ids (strings)')
    }
    const wanted = new Set(parsed.data.filters.video_ids)
    const videos = publicVideos(sandbox, caller.creator.openId).filter((v) => wanted.has(v.publish.postId))
    return sendOk(reply, sandbox, {
      videos: videos.map((v) => videoObject(sandbox, v, fields)),
      cursor: 0,
      has_more: false,
    })
  })
}

function videoObject(sandbox: Sandbox, video: PublicVideo, fields: VideoField[]): Record<string, unknown> {
  const { publish, since } = video
  if (publish.mediaType === 'PHOTO') return pick(photoObject(sandbox, video), fields)
  const caption = publish.postInfo?.title ?? ''
  const counts = () => videoCounts(publish.postId, sandbox.now() - since)
  const shareUrl = sandbox.videoPageUrl(publish)
  const values: Record<VideoField, () => unknown> = {
    id: () => publish.postId,
    create_time: () => Math.floor(since / 1000),
    cover_image_url: () => sandbox.coverUrl(publish),
    share_url: () => shareUrl,
    video_description: () => caption.slice(0, 150),
    duration: () => Math.round(publish.probe?.durationSec ?? 0),
    // Without ffprobe the picture size is unknown; 1080×1920 is the usual vertical video.
    height: () => publish.probe?.height ?? 1920,
    width: () => publish.probe?.width ?? 1080,
    title: () => (caption.split('\n')[0] ?? '').slice(0, 150),
    embed_html: () =>
      `<blockquote class="tiktok-embed" cite="${escapeHtml(shareUrl)}" data-video-id="${publish.postId}"><a href="${escapeHtml(shareUrl)}">${escapeHtml(caption.slice(0, 150))}</a></blockquote>`,
    embed_link: () => sandbox.embedUrl(publish),
    like_count: () => counts().like_count,
    comment_count: () => counts().comment_count,
    share_count: () => counts().share_count,
    view_count: () => counts().view_count,
  }
  return pick(values, fields)
}

function pick(values: Record<VideoField, () => unknown>, fields: VideoField[]): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const field of fields) out[field] = values[field]()
  return out
}

/**
 * A photo post as a Video Object. What TikTok's Display API answers for photo posts is unconfirmed (tiktok-api.md
 * §5.3 documents videos only); the sandbox lists them like videos: the cover image as cover_image_url, duration 0,
 * the cover's picture size, the title as title and the description as video_description.
 */
function photoObject(sandbox: Sandbox, video: PublicVideo): Record<VideoField, () => unknown> {
  const { publish, since } = video
  const info = publish.photoInfo
  const title = info?.title ?? ''
  const description = info?.description || title
  const cover = publish.photos[publish.photoCoverIndex] ?? publish.photos[0]
  const counts = () => videoCounts(publish.postId, sandbox.now() - since)
  const shareUrl = sandbox.videoPageUrl(publish)
  return {
    id: () => publish.postId,
    create_time: () => Math.floor(since / 1000),
    cover_image_url: () => (cover ? `${sandbox.publicUrl}/media/${cover.fileName}` : sandbox.coverUrl(publish)),
    share_url: () => shareUrl,
    video_description: () => description.slice(0, 150),
    duration: () => 0,
    height: () => cover?.height ?? 1920,
    width: () => cover?.width ?? 1080,
    title: () => title.slice(0, 150),
    embed_html: () =>
      `<blockquote class="tiktok-embed" cite="${escapeHtml(shareUrl)}" data-video-id="${publish.postId}"><a href="${escapeHtml(shareUrl)}">${escapeHtml(description.slice(0, 150))}</a></blockquote>`,
    embed_link: () => sandbox.embedUrl(publish),
    like_count: () => counts().like_count,
    comment_count: () => counts().comment_count,
    share_count: () => counts().share_count,
    view_count: () => counts().view_count,
  }
}
