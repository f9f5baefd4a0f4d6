import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { chunkPlanProblem } from '../domain/chunk-rules'
import { hex, publishId, uploadId, uploadToken } from '../domain/ids'
import { directPostsInLastDay, runPull, uniquePostId } from '../domain/publishing'
import { publishView } from '../domain/publish-status'
import type { Caller } from '../domain/tokens'
import { isUrlVerified } from '../domain/url-properties'
import { sendApiError, sendOk } from '../http/envelope'
import { ApiError } from '../http/errors'
import { RawJsonNumber } from '../http/json'
import type { Sandbox } from '../sandbox'
import type { PostInfo, Publish } from '../state/schema'
import { guard, objectBody, RATE_LIMITS } from './api-request'
import { registerPhotoRoutes } from './photo'
import {
  checkDirectPostRules,
  checkInboxRules,
  ownedPublish,
  parse,
  privacyLevelOptions,
  SPAM_MESSAGES,
} from './publish-rules'

/** tiktok-api.md §3.2: the caption is at most 2200 UTF-16 code units (a JS string's length). */
export const TITLE_MAX_UTF16 = 2200

const postInfoBody = z.object({
  title: z.string().optional(),
  privacy_level: z.string().optional(),
  disable_duet: z.boolean().optional(),
  disable_stitch: z.boolean().optional(),
  disable_comment: z.boolean().optional(),
  video_cover_timestamp_ms: z.number().int().min(0).optional(),
  // "Required: true" in the official table (tiktok-api.md §3.2); whether TikTok refuses its absence is UNCONFIRMED, the sandbox does.
  brand_content_toggle: z.boolean({ error: 'brand_content_toggle is required' }),
  brand_organic_toggle: z.boolean().optional(),
  is_aigc: z.boolean().optional(),
})

const sourceInfoBody = z.object({
  source: z.enum(['FILE_UPLOAD', 'PULL_FROM_URL'], { error: 'source must be FILE_UPLOAD or PULL_FROM_URL' }),
  video_size: z.number().optional(),
  chunk_size: z.number().optional(),
  total_chunk_count: z.number().optional(),
  video_url: z.string().optional(),
})
type SourceInfoBody = z.infer<typeof sourceInfoBody>

export function registerPublishRoutes(scope: FastifyInstance, sandbox: Sandbox): void {
  scope.post('/v2/post/publish/creator_info/query/', async (request, reply) => {
    const caller = guard(sandbox, request, { limit: RATE_LIMITS.creatorInfo, scopes: ['video.publish'] })
    const { creator } = caller
    // tiktok-api.md §3.1: these two answer HTTP 200 on purpose; whether `data` is filled then is UNCONFIRMED (sent empty here).
    if (creator.banned) {
      return sendApiError(reply, sandbox, 200, 'spam_risk_user_banned_from_posting', SPAM_MESSAGES.banned)
    }
    if (directPostsInLastDay(sandbox, creator.openId) >= sandbox.config.dailyPostCap) {
      return sendApiError(reply, sandbox, 200, 'spam_risk_too_many_posts', SPAM_MESSAGES.tooMany)
    }
    return sendOk(reply, sandbox, {
      creator_avatar_url: sandbox.avatarUrl(creator),
      creator_username: creator.username,
      creator_nickname: creator.displayName,
      privacy_level_options: privacyLevelOptions(sandbox, caller.grant.clientKey, creator),
      comment_disabled: creator.commentDisabled,
      duet_disabled: creator.isPrivate || creator.duetDisabled,
      stitch_disabled: creator.isPrivate || creator.stitchDisabled,
      max_video_post_duration_sec: creator.maxVideoPostDurationSec,
    })
  })

  scope.post('/v2/post/publish/video/init/', async (request, reply) => {
    const caller = guard(sandbox, request, { limit: RATE_LIMITS.init, scopes: ['video.publish'] })
    const body = objectBody(request)
    const postInfo = parse(postInfoBody, body.post_info, 'post_info')
    const sourceInfo = parse(sourceInfoBody, body.source_info, 'source_info')
    const title = postInfo.title ?? ''
    if (title.length > TITLE_MAX_UTF16) {
      throw new ApiError(400, 'invalid_params', `The title is longer than ${TITLE_MAX_UTF16} characters`)
    }
    checkSourceParams(sourceInfo)

    const privacy = checkDirectPostRules(sandbox, caller, postInfo.privacy_level)
    checkPullOwnership(sandbox, caller.grant.clientKey, sourceInfo)

    const info: PostInfo = {
      title,
      privacyLevel: privacy,
      disableDuet: postInfo.disable_duet ?? false,
      disableStitch: postInfo.disable_stitch ?? false,
      disableComment: postInfo.disable_comment ?? false,
      videoCoverTimestampMs: postInfo.video_cover_timestamp_ms ?? null,
      brandContentToggle: postInfo.brand_content_toggle,
      brandOrganicToggle: postInfo.brand_organic_toggle ?? false,
      isAigc: postInfo.is_aigc ?? false,
    }
    const publish = createPublish(sandbox, caller, 'direct', sourceInfo, info)
    return answerInit(sandbox, reply, publish)
  })

  // Upload to the creator's inbox (tiktok-api.md §3.3): no post_info, scope video.upload, ≤ 5 pending shares per 24 h.
  scope.post('/v2/post/publish/inbox/video/init/', async (request, reply) => {
    const caller = guard(sandbox, request, { limit: RATE_LIMITS.init, scopes: ['video.upload'] })
    const body = objectBody(request)
    const sourceInfo = parse(sourceInfoBody, body.source_info, 'source_info')
    checkSourceParams(sourceInfo)
    checkInboxRules(sandbox, caller)
    checkPullOwnership(sandbox, caller.grant.clientKey, sourceInfo)
    const publish = createPublish(sandbox, caller, 'inbox', sourceInfo, null)
    return answerInit(sandbox, reply, publish)
  })

  registerPhotoRoutes(scope, sandbox)

  scope.post('/v2/post/publish/status/fetch/', async (request, reply) => {
    const caller = guard(sandbox, request, {
      limit: RATE_LIMITS.statusFetch,
      scopes: ['video.publish', 'video.upload'],
    })
    const publish = ownedPublish(sandbox, caller, objectBody(request).publish_id)
    const view = publishView(publish, sandbox.now())
    const data: Record<string, unknown> = { status: view.status }
    if (view.failReason) data.fail_reason = view.failReason
    data.publicaly_available_post_id = view.publicPostIds.map((id) => new RawJsonNumber(id))
    if (publish.source === 'FILE_UPLOAD') data.uploaded_bytes = publish.receivedBytes
    else data.downloaded_bytes = publish.receivedBytes
    return sendOk(reply, sandbox, data)
  })

  // tiktok-api.md §3.6: best-effort cancel of a PULL_FROM_URL download.
  scope.post('/v2/post/publish/cancel/', async (request, reply) => {
    const caller = guard(sandbox, request, { limit: RATE_LIMITS.default, scopes: ['video.publish', 'video.upload'] })
    const publish = ownedPublish(sandbox, caller, objectBody(request).publish_id)
    if (publish.source !== 'PULL_FROM_URL' || publish.pullState !== 'downloading') {
      throw new ApiError(400, 'publish_not_cancellable', 'The publish can no longer be cancelled.')
    }
    publish.pullState = 'failed'
    publish.failedAt = sandbox.now()
    publish.failReason = 'publish_cancelled'
    sandbox.pulls.get(publish.publishId)?.abort()
    await sandbox.save()
    return sendOk(reply, sandbox, {})
  })
}

function checkSourceParams(source: SourceInfoBody): void {
  if (source.source === 'FILE_UPLOAD') {
    const missing = (['video_size', 'chunk_size', 'total_chunk_count'] as const).filter((k) => source[k] === undefined)
    if (missing.length > 0) throw new ApiError(400, 'invalid_params', `source_info.${missing[0]} is required`)
    const problem = chunkPlanProblem({
      videoSize: source.video_size ?? 0,
      chunkSize: source.chunk_size ?? 0,
      totalChunkCount: source.total_chunk_count ?? 0,
    })
    if (problem) throw new ApiError(400, 'invalid_params', problem)
    return
  }
  if (!source.video_url) throw new ApiError(400, 'invalid_params', 'source_info.video_url is required')
  let url: URL
  try {
    url = new URL(source.video_url)
  } catch {
    throw new ApiError(400, 'invalid_params', 'source_info.video_url is not a valid URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ApiError(400, 'invalid_params', 'source_info.video_url must be an https URL')
  }
}

/** tiktok-api.md §3.6: the URL must be under one of the client's verified URL properties (domain/url-properties.ts). */
function checkPullOwnership(sandbox: Sandbox, clientKey: string, source: SourceInfoBody): void {
  if (source.source !== 'PULL_FROM_URL') return
  if (!isUrlVerified(sandbox, clientKey, source.video_url ?? '')) {
    throw new ApiError(403, 'url_ownership_unverified', 'The domain or URL prefix of video_url is not verified.')
  }
}

function createPublish(
  sandbox: Sandbox,
  caller: Caller,
  mode: 'direct' | 'inbox',
  source: SourceInfoBody,
  postInfo: PostInfo | null,
): Publish {
  const now = sandbox.now()
  const isFile = source.source === 'FILE_UPLOAD'
  const publish: Publish = {
    publishId: publishId(source.source, mode),
    mode,
    clientKey: caller.grant.clientKey,
    openId: caller.creator.openId,
    grantId: caller.grant.id,
    source: source.source,
    postInfo,
    createdAt: now,
    postId: uniquePostId(sandbox),
    fileName: hex(16),
    mimeType: null,
    videoSize: isFile ? (source.video_size ?? 0) : 0,
    chunkSize: isFile ? (source.chunk_size ?? 0) : 0,
    totalChunkCount: isFile ? (source.total_chunk_count ?? 0) : 0,
    uploadId: isFile ? uploadId() : null,
    uploadToken: isFile ? uploadToken() : null,
    uploadExpiresAt: isFile ? now + sandbox.config.uploadUrlTtlMs : null,
    receivedBytes: 0,
    videoUrl: isFile ? null : (source.video_url ?? null),
    pullState: isFile ? null : 'downloading',
    failReason: sandbox.faults.takeFailNextPublish() ?? null,
    mediaReadyAt: null,
    processedAt: null,
    publicAt: null,
    failedAt: null,
    stuck: false,
    probe: null,
    mediaType: 'VIDEO',
    photos: [],
    photoCoverIndex: 0,
    photoInfo: null,
    inboxPostedAt: null,
    inboxDiscardedAt: null,
    webhookEvents: [],
  }
  sandbox.state.publishes[publish.publishId] = publish
  return publish
}

async function answerInit(sandbox: Sandbox, reply: Parameters<typeof sendOk>[0], publish: Publish) {
  await sandbox.save()
  if (publish.source === 'PULL_FROM_URL') {
    runPull(sandbox, publish).catch(() => undefined)
    return sendOk(reply, sandbox, { publish_id: publish.publishId })
  }
  const uploadUrl = `${sandbox.publicUrl}/upload/?upload_id=${publish.uploadId ?? ''}&upload_token=${publish.uploadToken ?? ''}`
  return sendOk(reply, sandbox, { publish_id: publish.publishId, upload_url: uploadUrl })
}
