import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import {
  calendarPostListSchema,
  calendarPostPageSchema,
  postSchema,
  type CalendarPost,
  type PostState,
} from '@hookpost/shared'
import { photoSet, post, postStats } from '../../db/schema'
import { inject } from '../../testing/http-test-kit'
import { usePostsServer } from '../publishing/testing/publishing-int-context'

/**
 * What tells posts apart (issue 30, ADR 047): every read of posts — the calendar, the List, one post — carries its
 * thumbnail (a video's still, a photo post's cover), and a published post its TikTok page and latest figures as the
 * stats sync stored them (null until read). Thumbnails answer their owner only; the lists stay one query however
 * many posts they hold. Posts and stats rows are written straight into the database, as the sync would leave them.
 */
const { world, db, person } = usePostsServer()

type Person = Awaited<ReturnType<typeof person>>
const HOUR = 3_600_000

async function seedPosts(who: Person, count: number, state: PostState = 'uploaded'): Promise<string[]> {
  const base = Date.now() - 2 * HOUR
  const rows = await db()
    .insert(post)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId: who.userId,
        accountId: who.accountId,
        mediaId: who.mediaId,
        title: `Clip ${i}`,
        privacyLevel: 'PUBLIC_TO_EVERYONE' as const,
        disableComment: false,
        disableDuet: false,
        disableStitch: false,
        scheduledAt: new Date(base + i * 1000),
        timeZone: 'UTC',
        state,
        tiktokPostId: state === 'uploaded' ? `76789073980770${String(70000 + i)}` : null,
        publishedAt: state === 'uploaded' ? new Date(base + i * 1000) : null,
      })),
    )
    .returning({ id: post.id, tiktokPostId: post.tiktokPostId })
  return rows.map((r) => r.id)
}

/** The stats sync's row for a post it has read: its figures, page and when. */
async function seedStats(who: Person, postId: string, figures: { views: number; syncedAt: Date | null }) {
  const [row] = await db().select().from(post).where(eq(post.id, postId))
  await db()
    .insert(postStats)
    .values({
      postId,
      userId: who.userId,
      accountId: who.accountId,
      tiktokVideoId: row!.tiktokPostId ?? '7678907398077070000',
      publishedAt: row!.publishedAt ?? new Date(),
      views: figures.views,
      likes: 12,
      comments: 3,
      shares: 2,
      shareUrl: figures.syncedAt ? `http://sandbox.test/videos/${row!.tiktokPostId}` : null,
      syncedAt: figures.syncedAt,
      nextSyncAt: new Date(Date.now() + HOUR),
    })
}

async function calendar(who: Person): Promise<CalendarPost[]> {
  const from = new Date(Date.now() - 86_400_000).toISOString()
  const to = new Date(Date.now() + 86_400_000).toISOString()
  const res = await inject(world.server, 'GET', `/api/posts?from=${from}&to=${to}`, who.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return calendarPostListSchema.parse(res.json()).posts
}

async function listPage(who: Person): Promise<CalendarPost[]> {
  const res = await inject(world.server, 'GET', '/api/posts/list?limit=100', who.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return calendarPostPageSchema.parse(res.json()).posts
}

async function onePost(who: Person, id: string) {
  const res = await inject(world.server, 'GET', `/api/posts/${id}`, who.cookie)
  expect(res.statusCode, res.body).toBe(200)
  return postSchema.parse(res.json().post)
}

/** How many statements read posts with their stats while `read` runs (the reads' own joins name post_stats). */
async function statementsReadingPosts(read: () => Promise<unknown>): Promise<number> {
  const session = (db() as unknown as { session: { prepareQuery: (q: { sql: string }) => unknown } }).session
  const spy = vi.spyOn(session, 'prepareQuery')
  try {
    await read()
    return spy.mock.calls.filter(([query]) => /left join "post_stats"/i.test(query.sql)).length
  } finally {
    spy.mockRestore()
  }
}

describe('what identifies a post', () => {
  it('a published post read by the sync: thumbnail, TikTok page and figures on the calendar, the List and the post', async () => {
    const me = await person()
    const [read, unread] = await seedPosts(me, 2)
    const syncedAt = new Date(Date.now() - 5 * 60_000)
    await seedStats(me, read!, { views: 1234, syncedAt })
    // A stats row the sync has not read yet: no figures, no page.
    await seedStats(me, unread!, { views: 0, syncedAt: null })

    const expected = {
      thumbnailUrl: `/api/slideshows/stills/${me.mediaId}?atMs=500`,
      tiktokUrl: expect.stringMatching(/\/videos\/7678907398077\d+$/),
      stats: { views: 1234, likes: 12, comments: 3, shares: 2, syncedAt: syncedAt.toISOString() },
    }
    const notYet = { thumbnailUrl: expected.thumbnailUrl, tiktokUrl: null, stats: null }
    for (const posts of [await calendar(me), await listPage(me)]) {
      expect(posts.find((p) => p.id === read)).toMatchObject(expected)
      expect(posts.find((p) => p.id === unread)).toMatchObject(notYet)
    }
    expect(await onePost(me, read!)).toMatchObject(expected)
    expect(await onePost(me, unread!)).toMatchObject(notYet)

    // The thumbnail is a real JPEG frame of the person's video.
    const still = await inject(world.server, 'GET', expected.thumbnailUrl, me.cookie)
    expect(still.statusCode).toBe(200)
    expect(still.headers['content-type']).toMatch(/^image\/jpeg/)
    expect(still.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
  })

  it('a scheduled post has a thumbnail and nothing from TikTok yet; a photo post shows its cover', async () => {
    const me = await person()
    const [scheduled] = await seedPosts(me, 1, 'scheduled')
    const [set] = await db()
      .insert(photoSet)
      .values({
        userId: me.userId,
        images: [0, 1].map((n) => ({
          storageKey: `${me.userId}/slide-${n}.jpg`,
          width: 1080,
          height: 1920,
          sizeBytes: 1000,
          contentType: 'image/jpeg' as const,
        })),
        coverIndex: 1,
      })
      .returning({ id: photoSet.id })
    const [photo] = await db()
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
        scheduledAt: new Date(Date.now() + HOUR),
        timeZone: 'UTC',
        state: 'scheduled',
      })
      .returning({ id: post.id })

    const posts = await calendar(me)
    expect(posts.find((p) => p.id === scheduled)).toMatchObject({
      thumbnailUrl: `/api/slideshows/stills/${me.mediaId}?atMs=500`,
      tiktokUrl: null,
      stats: null,
    })
    const cover = `/api/slideshows/photo-sets/${set!.id}/images/1`
    expect(posts.find((p) => p.id === photo!.id)).toMatchObject({ thumbnailUrl: cover, tiktokUrl: null, stats: null })
    expect(await onePost(me, photo!.id)).toMatchObject({ thumbnailUrl: cover })
  })

  it("another user's post and its thumbnail answer 404", async () => {
    const me = await person()
    const other = await person()
    const [mine] = await seedPosts(me, 1)
    await seedStats(me, mine!, { views: 10, syncedAt: new Date() })
    const [{ thumbnailUrl }] = (await calendar(me)) as [CalendarPost]

    expect((await inject(world.server, 'GET', `/api/posts/${mine}`, other.cookie)).statusCode).toBe(404)
    expect((await inject(world.server, 'GET', thumbnailUrl!, other.cookie)).statusCode).toBe(404)
    expect(await calendar(other)).toEqual([])
    expect(await listPage(other)).toEqual([])
  })

  it('the calendar and the List read their posts in one statement, for 3 posts or 40 (no query per post)', async () => {
    const few = await person()
    const many = await person()
    for (const id of await seedPosts(few, 3)) await seedStats(few, id, { views: 1, syncedAt: new Date() })
    for (const id of await seedPosts(many, 40)) await seedStats(many, id, { views: 1, syncedAt: new Date() })

    for (const read of [calendar, listPage]) {
      const forFew = await statementsReadingPosts(async () => expect(await read(few)).toHaveLength(3))
      const forMany = await statementsReadingPosts(async () => expect(await read(many)).toHaveLength(40))
      expect(forFew).toBeGreaterThanOrEqual(1)
      expect(forMany).toBe(forFew)
    }
  })
})
