import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { eq, inArray, sql } from 'drizzle-orm'
import { OVERLAY_DEFAULTS, overlayStyleKey, postSchema, type TextOverlay } from '@hookpost/shared'
import { automationRun, automationSlot, createdVideo, photoSet, post, postHook, slideshow } from '../../db/schema'
import { MIGRATIONS_FOLDER } from '../../db/client'
import { inject } from '../../testing/http-test-kit'
import { storeMedia } from '../../testing/media-fixtures'
import { recordPostHook } from './post-hook.repository'
import { formBody, usePostsServer } from '../publishing/testing/publishing-int-context'
import { postInput } from '../publishing/testing/publishing-test-kit'

/**
 * What hook a post carried is written with the post (post_hook), for the schedule form and for the automation, on
 * a real database with the TikTok sandbox; and migration 0012's backfill derives the same row for an existing post.
 */
const { world, person } = usePostsServer()
const db = () => world.server.runtime.database.db

const overlay = (text: string, style: Partial<TextOverlay> = {}): TextOverlay => ({
  ...OVERLAY_DEFAULTS,
  id: crypto.randomUUID(),
  text,
  position: 'top',
  color: '#ffcc00',
  fontSize: 120,
  fontWeight: 'bold',
  target: 'both',
  ...style,
})

/** A studio video made from `sourceMediaId`, "rendered" to a new media file (the one a post would carry). */
async function studioVideo(userId: string, sourceMediaId: string, overlays: TextOverlay[]) {
  const outputMediaId = await storeMedia(world.server, userId, world.video, { originalName: 'render.mp4' })
  const [video] = await db()
    .insert(createdVideo)
    .values({
      userId,
      title: 'Studio video',
      layout: 'single',
      textOverlays: overlays,
      sourceMediaId,
      state: 'processed',
      outputMediaId,
    })
    .returning()
  return { videoId: video!.id, outputMediaId }
}

async function hookOf(postId: string) {
  const [row] = await db().select().from(postHook).where(eq(postHook.postId, postId))
  return row
}

/** The backfill statement of migration 0012, as written there. */
function backfillStatement(): string {
  const migration = readFileSync(path.join(MIGRATIONS_FOLDER, '0012_analytics.sql'), 'utf8')
  const statement = migration.split('--> statement-breakpoint').find((s) => s.includes('INSERT INTO "post_hook"'))
  if (!statement) throw new Error('0012_analytics.sql has no post_hook backfill')
  return statement
}

describe('post_hook', () => {
  it('records the first overlay, its style and the source clip of a studio video scheduled through the form', async () => {
    const me = await person()
    const source = await storeMedia(world.server, me.userId, world.video, { originalName: 'Beach sunrise.mp4' })
    const { outputMediaId } = await studioVideo(me.userId, source, [
      overlay('Wait for the end 😮'),
      overlay('Second line', { position: 'bottom', color: '#ffffff', fontSize: 72, fontWeight: 'normal' }),
    ])
    const res = await inject(world.server, 'POST', '/api/posts', me.cookie, formBody({ ...me, mediaId: outputMediaId }))
    expect(res.statusCode, res.body).toBe(201)
    const created = postSchema.parse(res.json().post)

    expect(await hookOf(created.id)).toEqual({
      postId: created.id,
      userId: me.userId,
      accountId: me.accountId,
      concept: null,
      tone: null,
      hookText: 'Wait for the end 😮',
      overlayStyle: overlayStyleKey({ position: 'top', fontSize: 120, fontWeight: 'bold', color: '#ffcc00' }),
      sourceKey: `media:${source}`,
      sourceLabel: 'Beach sunrise.mp4',
    })
  })

  it('records a plain upload’s own file as its source video, and nothing else (no studio video made it)', async () => {
    const me = await person()
    const res = await inject(world.server, 'POST', '/api/posts', me.cookie, formBody(me))
    expect(res.statusCode, res.body).toBe(201)
    const created = postSchema.parse(res.json().post)
    expect(await hookOf(created.id)).toMatchObject({
      concept: null,
      tone: null,
      hookText: null,
      overlayStyle: null,
      sourceKey: `media:${me.mediaId}`,
      sourceLabel: expect.any(String),
    })
  })

  it('records a photo post’s hook from its slideshow’s first slide, and the slideshow as its source', async () => {
    const me = await person()
    const hook = overlay('3 things nobody tells you', { position: 'center' })
    const [show] = await db()
      .insert(slideshow)
      .values({
        userId: me.userId,
        title: 'Meal prep slides',
        slides: [
          { source: { kind: 'clip', mediaId: me.mediaId, atMs: 0 }, overlays: [hook] },
          { source: { kind: 'clip', mediaId: me.mediaId, atMs: 500 }, overlays: [overlay('Point one')] },
        ],
        state: 'processed',
      })
      .returning()
    const images = [0, 1].map((n) => ({
      storageKey: `${me.userId}/slides/${n}.jpg`,
      width: 1080,
      height: 1920,
      sizeBytes: 1000,
      contentType: 'image/jpeg' as const,
    }))
    const [set] = await db().insert(photoSet).values({ userId: me.userId, slideshowId: show!.id, images }).returning()
    const [photoPost] = await db()
      .insert(post)
      .values({
        userId: me.userId,
        accountId: me.accountId,
        format: 'photo',
        photoSetId: set!.id,
        title: 'Slides',
        privacyLevel: 'SELF_ONLY',
        disableComment: false,
        disableDuet: true,
        disableStitch: true,
        scheduledAt: new Date(Date.now() + 3_600_000),
        timeZone: 'UTC',
      })
      .returning()
    await recordPostHook(db(), photoPost!.id)
    expect(await hookOf(photoPost!.id)).toMatchObject({
      concept: null,
      tone: null,
      hookText: '3 things nobody tells you',
      overlayStyle: overlayStyleKey(hook),
      sourceKey: `slideshow:${show!.id}`,
      sourceLabel: 'Meal prep slides',
    })
  })

  it('records the automation slot’s concept, tone, hook text and source with its video’s overlay style', async () => {
    const me = await person()
    const source = await storeMedia(world.server, me.userId, world.video, { originalName: 'stock.mp4' })
    const { videoId, outputMediaId } = await studioVideo(me.userId, source, [
      overlay('Nobody tells you this', { position: 'center', color: '#ffffff', fontSize: 96 }),
    ])
    const slotId = await automationSlotFor(me, videoId, { hookText: 'Nobody tells you this' })
    const scheduled = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({
        accountId: me.accountId,
        mediaId: outputMediaId,
        scheduledAt: new Date(Date.now() + 3_600_000),
        source: 'automation',
        automationSlotId: slotId,
      }),
    )
    expect(await hookOf(scheduled.id)).toEqual({
      postId: scheduled.id,
      userId: me.userId,
      accountId: me.accountId,
      concept: 'curiosity_gap',
      tone: 'humorous',
      hookText: 'Nobody tells you this',
      overlayStyle: 'center|96|bold|#ffffff',
      sourceKey: 'stock:feature-tour',
      sourceLabel: 'Feature tour',
    })
  })

  it('gives the same rows as migration 0012’s backfill for existing posts', async () => {
    const me = await person()
    const source = await storeMedia(world.server, me.userId, world.video, { originalName: 'Kitchen.mp4' })
    const manual = await studioVideo(me.userId, source, [overlay('Three mistakes', { color: '#ff3b30' })])
    const auto = await studioVideo(me.userId, source, [overlay('Try this', { position: 'bottom', fontSize: 56 })])
    const slotId = await automationSlotFor(me, auto.videoId, { hookText: 'Try this', concept: 'story' })
    const ids = [
      postSchema.parse(
        (
          await inject(
            world.server,
            'POST',
            '/api/posts',
            me.cookie,
            formBody({ ...me, mediaId: manual.outputMediaId }),
          )
        ).json().post,
      ).id,
      postSchema.parse((await inject(world.server, 'POST', '/api/posts', me.cookie, formBody(me))).json().post).id,
      (
        await world.server.runtime.posts.scheduleAt(
          me.userId,
          postInput({
            accountId: me.accountId,
            mediaId: auto.outputMediaId,
            scheduledAt: new Date(Date.now() + 3_600_000),
            source: 'automation',
            automationSlotId: slotId,
          }),
        )
      ).id,
    ]
    const written = await db().select().from(postHook).where(inArray(postHook.postId, ids)).orderBy(postHook.postId)
    expect(written).toHaveLength(3)
    expect(new Set(written.map((r) => r.hookText))).toEqual(new Set([null, 'Three mistakes', 'Try this']))

    await db().delete(postHook).where(inArray(postHook.postId, ids))
    await db().execute(sql.raw(backfillStatement()))
    const backfilled = await db().select().from(postHook).where(inArray(postHook.postId, ids)).orderBy(postHook.postId)
    expect(backfilled).toEqual(written)
  })
})

/** A planned automation post whose video is `videoId` (the planner's rows, as it leaves them before scheduling). */
async function automationSlotFor(
  me: { userId: string; accountId: string },
  videoId: string,
  hook: { hookText: string; concept?: 'curiosity_gap' | 'story' },
) {
  const [run] = await db()
    .insert(automationRun)
    .values({ userId: me.userId, trigger: 'run_now', summary: 'Planned 1 post', startedAt: new Date() })
    .returning()
  const [slot] = await db()
    .insert(automationSlot)
    .values({
      userId: me.userId,
      runId: run!.id,
      accountId: me.accountId,
      day: new Date().toISOString().slice(0, 10),
      scheduledAt: new Date(Date.now() + 3_600_000),
      timeZone: 'Europe/Berlin',
      sourceItemId: 'stock:feature-tour',
      sourceTitle: 'Feature tour',
      concept: hook.concept ?? 'curiosity_gap',
      tone: 'humorous',
      hookText: hook.hookText,
      title: 'Planned post',
      description: 'A planned post #automation',
      privacyLevel: 'SELF_ONLY',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
      state: 'rendering',
      videoId,
    })
    .returning()
  return slot!.id
}
