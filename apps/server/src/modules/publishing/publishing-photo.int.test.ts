import type { Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import { inject } from '../../testing/http-test-kit'
import { createPhotoUrls, photoUrlKey } from './photo-urls'
import { listenAtPublicUrl, slideJpeg, storeSlideshow } from './testing/photo-fixtures'
import { formAt, usePostsServer } from './testing/publishing-int-context'
import { inSeconds, sandboxVideos } from './testing/publishing-test-kit'

/**
 * Photo posts and drafts through the exactly-once engine (issue 29), against the TikTok sandbox over HTTP: the sandbox
 * really pulls the images from the server's signed public URLs (served here at PUBLIC_URL, http://localhost:3999,
 * a verified URL prefix of the sandbox's client).
 */
const PUBLIC = 'http://localhost:3999'
const { world, person, row, until } = usePostsServer(
  { inboxFirstPollMs: 300, inboxPollMs: 300, photoUnconfirmedAfterMs: 20_000 },
  { allowedPullPrefixes: [`${PUBLIC}/`], pullTimeoutMs: 5_000 },
)
const final = ['uploaded', 'failed', 'unconfirmed'] as const
let http: Server

beforeAll(async () => {
  http = await listenAtPublicUrl(world)
}, 300_000)
afterAll(async () => {
  await new Promise((resolve) => http?.close(resolve))
})

const base = {
  description: 'Swipe for all five',
  allowComment: true,
  allowDuet: false,
  allowStitch: false,
  commercial: { enabled: false, yourBrand: false, brandedContent: false },
  timeZone: 'Europe/Berlin',
}

async function schedulePhoto(me: { userId: string; accountId: string }, slideshowId: string, extra = {}) {
  return world.server.runtime.posts.scheduleAt(me.userId, {
    ...base,
    accountId: me.accountId,
    format: 'photo',
    slideshowId,
    title: 'Five habits',
    privacyLevel: 'SELF_ONLY',
    scheduledAt: inSeconds(1),
    ...extra,
  })
}

describe('a photo post', () => {
  it('is published once: the sandbox pulled every image, in order, from the signed URLs', async () => {
    const me = await person()
    const show = await storeSlideshow(world.server, me.userId, 3)
    const p = await schedulePhoto(me, show.slideshowId)
    expect(p).toMatchObject({
      format: 'photo',
      postMode: 'direct',
      photos: { count: 3, slideshowId: show.slideshowId },
    })
    const done = await until(p.id, [...final])
    expect(done).toMatchObject({ state: 'uploaded', errorMessage: null, photoSetId: show.photoSetId })
    const publishes = await sandboxVideos(world.sandbox, me.openId)
    expect(publishes).toHaveLength(1)
    const [photo] = publishes as unknown as {
      media_type: string
      title: string
      description: string
      photos: { url: string; bytes: number }[]
    }[]
    expect(photo).toMatchObject({ media_type: 'PHOTO', title: 'Five habits', description: 'Swipe for all five' })
    expect(photo!.photos.map((i) => i.bytes)).toEqual(show.images.map((i) => i.sizeBytes))
    photo!.photos.forEach((image, index) => {
      expect(image.url.startsWith(`${PUBLIC}/api/public/photos/${show.photoSetId}/${index}.jpg?exp=`)).toBe(true)
    })
  })

  it('fails with a message when its images are gone, and Retry sends it once they are back', async () => {
    const me = await person()
    const show = await storeSlideshow(world.server, me.userId, 2)
    await world.server.runtime.mediaStorage.remove(show.images[1]!.storageKey)
    const p = await schedulePhoto(me, show.slideshowId)
    expect(await until(p.id, [...final])).toMatchObject({ state: 'failed', errorMessage: MESSAGES.photoSetMissing })
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(0)

    await world.server.runtime.mediaStorage.write(show.images[1]!.storageKey, slideJpeg(1))
    const retried = await inject(world.server, 'POST', `/api/posts/${p.id}/retry`, me.cookie, {})
    expect(retried.statusCode).toBe(200)
    expect(await until(p.id, [...final])).toMatchObject({ state: 'uploaded' })
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
  })

  it('says how to verify the domain when TikTok refuses the image URLs, and Retry works once it is verified', async () => {
    const me = await person()
    const show = await storeSlideshow(world.server, me.userId, 2)
    const property = `/sandbox/admin/clients/hookpost-sandbox/url-properties`
    const removed = await world.sandbox.admin(
      'DELETE',
      `${property}?type=url_prefix&value=${encodeURIComponent(`${PUBLIC}/`)}`,
    )
    expect(removed.status).toBe(200)
    try {
      const p = await schedulePhoto(me, show.slideshowId)
      const failed = await until(p.id, [...final])
      expect(failed.state).toBe('failed')
      expect(failed.errorMessage).toContain(`Verify ${PUBLIC} as a URL property of your TikTok app`)
      await world.sandbox.admin('POST', property, { type: 'url_prefix', value: `${PUBLIC}/` })
      expect((await inject(world.server, 'POST', `/api/posts/${p.id}/retry`, me.cookie, {})).statusCode).toBe(200)
      expect(await until(p.id, [...final])).toMatchObject({ state: 'uploaded' })
    } finally {
      await world.sandbox.admin('POST', property, { type: 'url_prefix', value: `${PUBLIC}/` })
    }
  })

  it('answers 404 for another user’s slideshow, and holds the title to 90 characters', async () => {
    const me = await person()
    const other = await person()
    const theirs = await storeSlideshow(world.server, other.userId, 1)
    const body = {
      ...base,
      accountId: me.accountId,
      format: 'photo',
      slideshowId: theirs.slideshowId,
      title: 'Mine now',
      privacyLevel: 'SELF_ONLY',
      ...formAt(inSeconds(86_400)),
    }
    const res = await inject(world.server, 'POST', '/api/posts', me.cookie, body)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ message: MESSAGES.slideshowNotFound })
    const long = await inject(world.server, 'POST', '/api/posts', other.cookie, {
      ...body,
      accountId: other.accountId,
      title: 'x'.repeat(91),
    })
    expect(long.statusCode).toBe(400)
    expect(long.json()).toMatchObject({ message: MESSAGES.slideshowTitleTooLong })
  })
})

describe('the public photo route', () => {
  it('serves a signed image with its bytes and refuses tampered or foreign links', async () => {
    const me = await person()
    const show = await storeSlideshow(world.server, me.userId, 2)
    const urls = createPhotoUrls({ publicUrl: PUBLIC, key: photoUrlKey(world.server.config.authSecret) })
    const [first, second] = await urls.urlsFor({ id: show.photoSetId, images: show.images }, new Date())
    const path = (url: string) => url.slice(PUBLIC.length)
    const ok = await world.server.runtime.http!.inject({ method: 'GET', url: path(first!) })
    expect(ok.statusCode).toBe(200)
    expect(ok.headers['content-type']).toBe('image/jpeg')
    expect(ok.rawPayload.equals(slideJpeg(0))).toBe(true)
    expect(ok.headers['set-cookie']).toBeUndefined()
    const swapped = path(second!).replace('/1.jpg', '/0.jpg')
    expect((await world.server.runtime.http!.inject({ method: 'GET', url: swapped })).statusCode).toBe(403)
    const otherSet = path(first!).replace(show.photoSetId, crypto.randomUUID())
    expect((await world.server.runtime.http!.inject({ method: 'GET', url: otherSet })).statusCode).toBe(403)
    const expired = await urls.urlsFor(
      { id: show.photoSetId, images: show.images },
      new Date(Date.now() - 3 * 3_600_000),
    )
    expect((await world.server.runtime.http!.inject({ method: 'GET', url: path(expired[0]!) })).statusCode).toBe(403)
    await world.server.runtime.mediaStorage.remove(show.images[0]!.storageKey)
    expect((await world.server.runtime.http!.inject({ method: 'GET', url: path(first!) })).statusCode).toBe(404)
  })
})

describe('a draft sent to the TikTok inbox', () => {
  it('a video: sent_to_inbox with a notice, then uploaded once the creator posts it in TikTok', async () => {
    const me = await person()
    const p = await world.server.runtime.posts.scheduleAt(me.userId, {
      ...base,
      accountId: me.accountId,
      postMode: 'inbox',
      mediaId: me.mediaId,
      title: 'Add a sound',
      scheduledAt: inSeconds(1),
    })
    const waiting = await until(p.id, ['sent_to_inbox', ...final])
    expect(waiting.state).toBe('sent_to_inbox')
    const notices = await inject(world.server, 'GET', '/api/notifications', me.cookie)
    expect(notices.json<{ notifications: { kind: string; title: string }[] }>().notifications).toContainEqual(
      expect.objectContaining({ kind: 'post_in_inbox', title: `${MESSAGES.sentToInbox}: Add a sound` }),
    )
    const refused = await inject(world.server, 'PATCH', `/api/posts/${p.id}`, me.cookie, { title: 'Edited' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ message: MESSAGES.inboxDraftWaiting })

    const finished = await world.sandbox.admin('POST', `/sandbox/admin/publishes/${waiting.publishId}/inbox`, {
      action: 'post',
    })
    expect(finished.status).toBe(200)
    expect(await until(p.id, [...final])).toMatchObject({ state: 'uploaded', errorMessage: null })
    expect(await sandboxVideos(world.sandbox, me.openId)).toHaveLength(1)
  })

  it('a slideshow discarded in TikTok: failed, saying so', async () => {
    const me = await person()
    const show = await storeSlideshow(world.server, me.userId, 2)
    const p = await schedulePhoto(me, show.slideshowId, { postMode: 'inbox', privacyLevel: undefined })
    const waiting = await until(p.id, ['sent_to_inbox', ...final])
    expect(waiting.state).toBe('sent_to_inbox')
    await world.sandbox.admin('POST', `/sandbox/admin/publishes/${waiting.publishId}/inbox`, { action: 'discard' })
    const done = await until(p.id, [...final])
    expect(done.state).toBe('failed')
    expect(done.errorMessage).toContain(MESSAGES.inboxDraftFailed)
  })
})

describe('a slideshow draft in the queue', () => {
  it('is held with its photo set when the queue pauses, and scheduled again as the same draft on resume', async () => {
    const me = await person()
    const show = await storeSlideshow(world.server, me.userId, 2)
    const slots = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, time: '09:30' }))
    expect(
      (await inject(world.server, 'PUT', `/api/queue/${me.accountId}/slots`, me.cookie, { slots })).statusCode,
    ).toBe(200)
    const added = await inject(world.server, 'POST', `/api/queue/${me.accountId}/posts`, me.cookie, {
      format: 'photo',
      postMode: 'inbox',
      slideshowId: show.slideshowId,
      title: 'Queued slideshow',
      description: '',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
    })
    expect(added.statusCode, added.body).toBe(201)
    const paused = await inject(world.server, 'POST', `/api/queue/${me.accountId}/pause`, me.cookie)
    expect(paused.statusCode).toBe(200)
    // Off the schedule while paused: nothing of a paused queue can go out.
    const heldEntries = paused.json<{ queue: { entries: { held: boolean; postId: string | null }[] } }>().queue.entries
    expect(heldEntries).toEqual([expect.objectContaining({ held: true, postId: null })])
    const resumed = await inject(world.server, 'POST', `/api/queue/${me.accountId}/resume`, me.cookie)
    expect(resumed.statusCode, resumed.body).toBe(200)
    const postId = resumed.json<{ queue: { entries: { postId: string | null }[] } }>().queue.entries[0]!.postId
    expect(postId).toBeTruthy()
    expect(await row(postId!)).toMatchObject({
      format: 'photo',
      postMode: 'inbox',
      photoSetId: show.photoSetId,
      title: 'Queued slideshow',
      state: 'scheduled',
    })
  })
})

describe('the pending-drafts cap (5 per creator per 24 hours)', () => {
  const draftAt = (me: { userId: string; accountId: string; mediaId: string }, at: Date) =>
    world.server.runtime.posts.scheduleAt(me.userId, {
      ...base,
      accountId: me.accountId,
      postMode: 'inbox',
      mediaId: me.mediaId,
      title: 'Draft',
      scheduledAt: at,
    })

  it('refuses the 6th draft around the same time with a message that explains', async () => {
    const me = await person()
    for (let i = 0; i < 5; i++) await draftAt(me, inSeconds(7_200 + i * 600))
    await expect(draftAt(me, inSeconds(7_200 + 3_600))).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringMatching(
        /^TikTok keeps at most 5 drafts waiting in a creator's inbox per 24 hours; this account already has 5 around that time\. Choose a time at least .+ later, or post directly\.$/,
      ) as string,
    })
    // A day later there is room again.
    await expect(draftAt(me, inSeconds(7_200 + 4 * 600 + 86_400 + 60))).resolves.toMatchObject({ postMode: 'inbox' })
  })

  it('holds when six requests arrive at once: exactly five are scheduled', async () => {
    const me = await person()
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => draftAt(me, inSeconds(10_800 + i * 60))),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5)
    const [refused] = results.filter((r) => r.status === 'rejected')
    expect((refused as PromiseRejectedResult).reason).toMatchObject({ code: 'VALIDATION_FAILED' })
    const rows = await Promise.all(
      results
        .filter((r) => r.status === 'fulfilled')
        .map((r) => row((r as PromiseFulfilledResult<{ id: string }>).value.id)),
    )
    expect(rows.every((r) => r?.postMode === 'inbox' && r.state === 'scheduled')).toBe(true)
  })
})
