import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { MESSAGES, postListSchema, postSchema } from '@hookpost/shared'
import { slideshow, tiktokAccount } from '../../db/schema'
import { inject } from '../../testing/http-test-kit'
import { storeSlideshow } from '../publishing/testing/photo-fixtures'
import { formAt, formBody, usePostsServer } from '../publishing/testing/publishing-int-context'

/**
 * The rules of photo posts and drafts (issue 29) wherever a post is made: the form, the batch and Duplicate. Nothing
 * here is sent to TikTok (the posts are days ahead); publishing them is publishing-photo.int.test.ts.
 */
const { world, db, row, person } = usePostsServer()
const DAY_MS = 86_400_000

const photoBody = (me: { accountId: string }, slideshowId: string, overrides: Record<string, unknown> = {}) => ({
  ...formBody({ accountId: me.accountId, mediaId: '' }, { mediaId: undefined }),
  format: 'photo',
  slideshowId,
  title: 'Five habits',
  allowDuet: true,
  allowStitch: true,
  ...overrides,
})

describe('photo posts and drafts through the API', () => {
  it('a photo post keeps the slideshow render it was scheduled with, stores no duet or stitch, and duplicates with it', async () => {
    const me = await person()
    const show = await storeSlideshow(world.server, me.userId, 3)
    const res = await inject(world.server, 'POST', '/api/posts', me.cookie, photoBody(me, show.slideshowId))
    expect(res.statusCode, res.body).toBe(201)
    const created = postSchema.parse(res.json<{ post: unknown }>().post)
    expect(created).toMatchObject({
      format: 'photo',
      postMode: 'direct',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
      autoAddMusic: true,
      photos: { count: 3, slideshowId: show.slideshowId },
      media: null,
    })
    // A later render of the slideshow does not change what this post sends; its duplicate sends the same images.
    const rerender = await storeSlideshow(world.server, me.userId, 2)
    await db().update(slideshow).set({ photoSetId: rerender.photoSetId }).where(eq(slideshow.id, show.slideshowId))
    expect((await row(created.id))?.photoSetId).toBe(show.photoSetId)
    const copy = await inject(world.server, 'POST', `/api/posts/${created.id}/duplicate`, me.cookie, {
      ...formAt(new Date(Date.now() + 3 * DAY_MS)),
    })
    expect(copy.statusCode, copy.body).toBe(201)
    const [copied] = postListSchema.parse(copy.json()).posts
    expect((await row(copied!.id))?.photoSetId).toBe(show.photoSetId)
    // A new post of the slideshow sends its latest render.
    const fresh = await inject(world.server, 'POST', '/api/posts', me.cookie, photoBody(me, show.slideshowId))
    expect((await row(fresh.json<{ post: { id: string } }>().post.id))?.photoSetId).toBe(rerender.photoSetId)
  })

  it('a draft needs no privacy level and takes no interaction settings or disclosure (a video)', async () => {
    const me = await person()
    const res = await inject(
      world.server,
      'POST',
      '/api/posts',
      me.cookie,
      formBody(me, {
        postMode: 'inbox',
        privacyLevel: undefined,
        allowComment: false,
        commercial: { enabled: true, yourBrand: true, brandedContent: false },
      }),
    )
    expect(res.statusCode, res.body).toBe(201)
    const draft = postSchema.parse(res.json<{ post: unknown }>().post)
    expect(draft).toMatchObject({ postMode: 'inbox', allowComment: true, commercial: { enabled: false } })
    // Without a privacy level, a direct post is still refused.
    const direct = await inject(
      world.server,
      'POST',
      '/api/posts',
      me.cookie,
      formBody(me, { privacyLevel: undefined }),
    )
    expect(direct.statusCode).toBe(400)
  })

  it('asks an account connected before drafts existed to reconnect', async () => {
    const me = await person()
    await db()
      .update(tiktokAccount)
      .set({ scopes: ['user.info.basic', 'video.publish'] })
      .where(eq(tiktokAccount.id, me.accountId))
    const res = await inject(world.server, 'POST', '/api/posts', me.cookie, formBody(me, { postMode: 'inbox' }))
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ message: MESSAGES.reconnectForDrafts })
  })

  it('explains a slideshow still rendering', async () => {
    const me = await person()
    const show = await storeSlideshow(world.server, me.userId, 1)
    await db().update(slideshow).set({ state: 'rendering', photoSetId: null }).where(eq(slideshow.id, show.slideshowId))
    const res = await inject(world.server, 'POST', '/api/posts', me.cookie, photoBody(me, show.slideshowId))
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ message: MESSAGES.slideshowStillRendering })
  })

  it('the batch takes a format and a mode per row, and names a row’s problem', async () => {
    const me = await person()
    const show = await storeSlideshow(world.server, me.userId, 2)
    const rows = [
      formBody(me, { title: 'Video', ...formAt(new Date(Date.now() + DAY_MS)) }),
      {
        ...photoBody(me, show.slideshowId),
        postMode: 'inbox',
        privacyLevel: undefined,
        ...formAt(new Date(Date.now() + 2 * DAY_MS)),
      },
    ]
    const ok = await inject(world.server, 'POST', '/api/posts/batch', me.cookie, { rows })
    expect(ok.statusCode, ok.body).toBe(201)
    expect(postListSchema.parse(ok.json()).posts.map((p) => [p.format, p.postMode])).toEqual([
      ['video', 'direct'],
      ['photo', 'inbox'],
    ])
    const bad = await inject(world.server, 'POST', '/api/posts/batch', me.cookie, {
      rows: [{ ...photoBody(me, crypto.randomUUID()), ...formAt(new Date(Date.now() + DAY_MS)) }],
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json<{ details: { path: string; message: string }[] }>().details).toContainEqual(
      expect.objectContaining({ path: 'rows.0.slideshowId', message: MESSAGES.slideshowNotFound }),
    )
  })

  it('Edit replaces a photo post’s slideshow with another rendered one of the person’s, never a video', async () => {
    const me = await person()
    const them = await person()
    const show = await storeSlideshow(world.server, me.userId, 3)
    const other = await storeSlideshow(world.server, me.userId, 2, 'Two tips')
    const theirs = await storeSlideshow(world.server, them.userId, 2)
    const res = await inject(world.server, 'POST', '/api/posts', me.cookie, photoBody(me, show.slideshowId))
    const created = postSchema.parse(res.json<{ post: unknown }>().post)
    const patch = (body: unknown) => inject(world.server, 'PATCH', `/api/posts/${created.id}`, me.cookie, body)
    const before = await row(created.id)

    const foreign = await patch({ slideshowId: theirs.slideshowId })
    expect([foreign.statusCode, foreign.json<{ message: string }>().message]).toEqual([404, MESSAGES.slideshowNotFound])
    const video = await patch({ mediaId: me.mediaId })
    expect([video.statusCode, video.json<{ message: string }>().message]).toEqual([400, MESSAGES.editWrongSource])
    await db().update(slideshow).set({ state: 'rendering' }).where(eq(slideshow.id, other.slideshowId))
    const rendering = await patch({ slideshowId: other.slideshowId })
    expect(rendering.json<{ message: string }>().message).toBe(MESSAGES.slideshowStillRendering)
    expect(await row(created.id)).toEqual(before)

    await db().update(slideshow).set({ state: 'processed' }).where(eq(slideshow.id, other.slideshowId))
    const ok = await patch({ slideshowId: other.slideshowId })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(postSchema.parse(ok.json<{ post: unknown }>().post).photos).toEqual({
      count: 2,
      slideshowId: other.slideshowId,
    })
    expect((await row(created.id))?.photoSetId).toBe(other.photoSetId)
  })
})
