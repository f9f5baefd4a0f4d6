import { timingSafeEqual } from 'node:crypto'
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { createCreator, creatorJson, newCreatorProblem } from '../domain/creators'
import { faultsSchema } from '../domain/faults'
import { publishView } from '../domain/publish-status'
import { removeAuthorization, revokeGrant } from '../domain/tokens'
import { seedConfiguredUrlProperties } from '../domain/url-properties'
import { seedConfiguredWebhooks } from '../domain/webhooks'
import { AdminError } from '../http/errors'
import { registerAdminSettingsRoutes } from './admin-settings'
import type { Sandbox } from '../sandbox'
import { emptyState, type Creator, type Publish } from '../state/schema'

export const ADMIN_KEY_HEADER = 'x-sandbox-admin-key'

const creatorFields = {
  display_name: z.string().max(30),
  is_private: z.boolean(),
  comment_disabled: z.boolean(),
  duet_disabled: z.boolean(),
  stitch_disabled: z.boolean(),
  max_video_post_duration_sec: z.number().int().min(1).max(3600),
  banned: z.boolean(),
  bio_description: z.string().max(80),
  is_verified: z.boolean(),
}
const newCreatorBody = z.object({ username: z.string(), ...creatorFields }).partial({
  display_name: true,
  is_private: true,
  comment_disabled: true,
  duet_disabled: true,
  stitch_disabled: true,
  max_video_post_duration_sec: true,
  banned: true,
  bio_description: true,
  is_verified: true,
})
const creatorPatchBody = z.object(creatorFields).partial().strict()

const expireBody = z
  .object({
    access_token: z.string().optional(),
    open_id: z.string().optional(),
    include_refresh: z.boolean().optional(),
  })
  .refine((b) => b.access_token !== undefined || b.open_id !== undefined, 'Give access_token or open_id')

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new AdminError(400, 'invalid_request', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`)
}

/**
 * The sandbox's own admin API for tests and the product's /dummy-account page. Authorised by
 * `x-sandbox-admin-key: <clientSecret of any registered client>`.
 */
export async function adminRoutes(scope: FastifyInstance, { sandbox }: { sandbox: Sandbox }): Promise<void> {
  const secrets = [...sandbox.config.clients.values()].map((c) => Buffer.from(c.clientSecret))

  scope.addHook('onRequest', async (request) => {
    const key = Buffer.from(String(request.headers[ADMIN_KEY_HEADER] ?? ''))
    if (!secrets.some((s) => s.length === key.length && timingSafeEqual(s, key))) {
      throw new AdminError(401, 'unauthorized', `Send the ${ADMIN_KEY_HEADER} header (a registered client secret).`)
    }
  })

  scope.setErrorHandler((error: FastifyError | AdminError, request, reply) => {
    const status = error instanceof AdminError ? error.statusCode : (error.statusCode ?? 500)
    const code = error instanceof AdminError ? error.code : status < 500 ? 'invalid_request' : 'internal_error'
    if (status >= 500) request.log.error(error)
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .send({ error: { code, message: error.message } })
  })

  const creatorOr404 = (request: FastifyRequest): Creator => {
    const { open_id: openId } = request.params as { open_id: string }
    const creator = sandbox.creator(openId)
    if (!creator) throw new AdminError(404, 'not_found', `No creator with open_id ${openId}`)
    return creator
  }

  scope.get('/sandbox/admin/creators', async () => ({
    creators: Object.values(sandbox.state.creators)
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((c) => creatorJson(sandbox, c)),
  }))

  scope.post('/sandbox/admin/creators', async (request, reply) => {
    const body = parse(newCreatorBody, request.body)
    const input = {
      username: body.username,
      displayName: body.display_name,
      isPrivate: body.is_private,
      commentDisabled: body.comment_disabled,
      duetDisabled: body.duet_disabled,
      stitchDisabled: body.stitch_disabled,
      maxVideoPostDurationSec: body.max_video_post_duration_sec,
      banned: body.banned,
      bioDescription: body.bio_description,
      isVerified: body.is_verified,
    }
    const problem = newCreatorProblem(sandbox, input)
    if (problem)
      throw new AdminError(
        problem.conflict ? 409 : 400,
        problem.conflict ? 'conflict' : 'invalid_request',
        problem.message,
      )
    const creator = createCreator(sandbox, input)
    await sandbox.save()
    return reply.code(201).send({ creator: creatorJson(sandbox, creator) })
  })

  scope.get('/sandbox/admin/creators/:open_id', async (request) => ({
    creator: creatorJson(sandbox, creatorOr404(request)),
  }))

  scope.patch('/sandbox/admin/creators/:open_id', async (request) => {
    const creator = creatorOr404(request)
    const body = parse(creatorPatchBody, request.body)
    if (body.display_name !== undefined) creator.displayName = body.display_name.trim() || creator.username
    if (body.is_private !== undefined) creator.isPrivate = body.is_private
    if (body.comment_disabled !== undefined) creator.commentDisabled = body.comment_disabled
    if (body.duet_disabled !== undefined) creator.duetDisabled = body.duet_disabled
    if (body.stitch_disabled !== undefined) creator.stitchDisabled = body.stitch_disabled
    if (body.max_video_post_duration_sec !== undefined)
      creator.maxVideoPostDurationSec = body.max_video_post_duration_sec
    if (body.banned !== undefined) creator.banned = body.banned
    if (body.bio_description !== undefined) creator.bioDescription = body.bio_description
    if (body.is_verified !== undefined) creator.isVerified = body.is_verified
    await sandbox.save()
    return { creator: creatorJson(sandbox, creator) }
  })

  scope.get('/sandbox/admin/creators/:open_id/videos', async (request) => {
    const creator = creatorOr404(request)
    return { videos: sandbox.publishesOf(creator.openId).map((p) => publishJson(sandbox, p)) }
  })

  // The creator removes the app's access in TikTok: tokens die, in-flight publishes fail with auth_removed (tiktok-api.md §3.7).
  scope.post('/sandbox/admin/creators/:open_id/deauthorize', async (request) => {
    const creator = creatorOr404(request)
    const { client_key: clientKey } = parse(z.object({ client_key: z.string().optional() }), request.body)
    const revoked = removeAuthorization(sandbox, creator.openId, clientKey)
    await sandbox.save()
    return { revoked_grants: revoked }
  })

  registerAdminSettingsRoutes(scope, sandbox)

  scope.get('/sandbox/admin/faults', async () => ({ faults: sandbox.faults.current }))

  scope.put('/sandbox/admin/faults', async (request) => {
    sandbox.faults.current = parse(faultsSchema, request.body)
    return { faults: sandbox.faults.current }
  })

  scope.delete('/sandbox/admin/faults', async () => {
    sandbox.faults.current = {}
    return { faults: sandbox.faults.current }
  })

  scope.post('/sandbox/admin/tokens/expire', async (request) => {
    const body = parse(expireBody, request.body)
    const now = sandbox.now()
    const grantIds = new Set<string>()
    if (body.access_token) {
      const record = sandbox.state.tokens[body.access_token]
      if (!record) throw new AdminError(404, 'not_found', 'Unknown token')
      grantIds.add(record.grantId)
      record.expiresAt = Math.min(record.expiresAt, now - 1)
    }
    if (body.open_id) {
      for (const grant of Object.values(sandbox.state.grants)) if (grant.openId === body.open_id) grantIds.add(grant.id)
    }
    let expired = 0
    for (const record of Object.values(sandbox.state.tokens)) {
      if (!grantIds.has(record.grantId)) continue
      const byOpenId = body.open_id !== undefined
      if (record.kind === 'access' && (byOpenId || record.token === body.access_token)) {
        record.expiresAt = Math.min(record.expiresAt, now - 1)
        expired++
      }
      if (record.kind === 'refresh' && body.include_refresh) {
        record.expiresAt = Math.min(record.expiresAt, now - 1)
        expired++
      }
    }
    if (body.include_refresh) {
      for (const id of grantIds) {
        const grant = sandbox.state.grants[id]
        if (grant) grant.refreshExpiresAt = Math.min(grant.refreshExpiresAt, now - 1)
      }
    }
    await sandbox.save()
    return { expired_tokens: expired }
  })

  scope.post('/sandbox/admin/tokens/revoke', async (request) => {
    const { open_id: openId } = parse(z.object({ open_id: z.string() }), request.body)
    let revoked = 0
    for (const grant of Object.values(sandbox.state.grants)) {
      if (grant.openId === openId && grant.revokedAt === null) {
        revokeGrant(sandbox, grant)
        revoked++
      }
    }
    await sandbox.save()
    return { revoked_grants: revoked }
  })

  scope.get('/sandbox/admin/publishes/:publish_id', async (request) => {
    const { publish_id: id } = request.params as { publish_id: string }
    const publish = sandbox.state.publishes[id]
    if (!publish) throw new AdminError(404, 'not_found', `No publish ${id}`)
    return { publish: { ...publish, ...publishJson(sandbox, publish) } }
  })

  // Forget everything (creators, tokens, publishes, faults, rate windows); uploaded files stay on disk.
  scope.post('/sandbox/admin/reset', async () => {
    Object.assign(sandbox.state, emptyState())
    sandbox.faults.current = {}
    sandbox.limiter.clear()
    for (const controller of sandbox.pulls.values()) controller.abort()
    seedConfiguredUrlProperties(sandbox)
    seedConfiguredWebhooks(sandbox)
    await sandbox.save()
    return { ok: true }
  })
}

export function publishJson(sandbox: Sandbox, publish: Publish) {
  const view = publishView(publish, sandbox.now())
  return {
    publish_id: publish.publishId,
    mode: publish.mode,
    client_key: publish.clientKey,
    open_id: publish.openId,
    source: publish.source,
    status: view.status,
    fail_reason: view.failReason,
    post_id: publish.postId,
    public_post_ids: view.publicPostIds,
    title: publish.postInfo?.title ?? '',
    privacy_level: publish.postInfo?.privacyLevel ?? null,
    disable_comment: publish.postInfo?.disableComment ?? null,
    disable_duet: publish.postInfo?.disableDuet ?? null,
    disable_stitch: publish.postInfo?.disableStitch ?? null,
    brand_content_toggle: publish.postInfo?.brandContentToggle ?? null,
    brand_organic_toggle: publish.postInfo?.brandOrganicToggle ?? null,
    is_aigc: publish.postInfo?.isAigc ?? null,
    video_size: publish.videoSize,
    received_bytes: publish.receivedBytes,
    mime_type: publish.mimeType,
    created_at: new Date(publish.createdAt).toISOString(),
    media_url: publish.mediaReadyAt !== null && publish.mediaType === 'VIDEO' ? sandbox.mediaUrl(publish) : null,
    share_url: sandbox.videoPageUrl(publish),
    media_type: publish.mediaType,
    description: publish.photoInfo?.description ?? null,
    auto_add_music: publish.photoInfo?.autoAddMusic ?? null,
    photo_cover_index: publish.mediaType === 'PHOTO' ? publish.photoCoverIndex : null,
    photos: publish.photos.map((p) => ({
      url: p.url,
      media_url: publish.mediaReadyAt !== null ? `${sandbox.publicUrl}/media/${p.fileName}` : null,
      mime_type: p.mimeType,
      width: p.width,
      height: p.height,
      bytes: p.bytes,
    })),
    inbox_posted_at: publish.inboxPostedAt === null ? null : new Date(publish.inboxPostedAt).toISOString(),
    inbox_discarded_at: publish.inboxDiscardedAt === null ? null : new Date(publish.inboxDiscardedAt).toISOString(),
  }
}
