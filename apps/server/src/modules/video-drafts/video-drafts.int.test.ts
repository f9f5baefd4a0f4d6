import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import {
  MESSAGES,
  OVERLAY_DEFAULTS,
  VIDEO_DRAFT_MESSAGES,
  videoDraftResponseSchema,
  type LibraryItem,
  type VideoDraftContent,
  type VideoDraftView,
} from '@hookpost/shared'
import { user, videoDraft } from '../../db/schema'
import { inject, signUp } from '../../testing/http-test-kit'
import { storeMedia } from '../../testing/media-fixtures'
import { startTestServer, type TestServer } from '../../testing/test-runtime'

/**
 * The Create form's draft over HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): saved, read,
 * overwritten and cleared; the revision rule between two pages; each person's own; its limits.
 */
let server: TestServer
let me: { cookie: string; userId: string }
let other: { cookie: string; userId: string }
let fixtureDir = ''
/** Media rows only need a stored object, not a real video: drafts never open the file. */
let anyFile = ''

beforeAll(async () => {
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'video-drafts-int-'))
  anyFile = path.join(fixtureDir, 'clip.mp4')
  writeFileSync(anyFile, Buffer.alloc(64, 1))
  server = await startTestServer()
  me = await signUp(server)
  other = await signUp(server)
})
afterAll(async () => {
  await server?.close()
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true })
})

const libraryItem: LibraryItem = {
  id: 'stock:feature-tour',
  title: 'Feature tour',
  description: 'A stock clip',
  category: 'Product Features',
  thumbnailUrl: '/api/library/stock/feature-tour/thumbnail',
  videoUrl: '/api/library/stock/feature-tour/file',
  duration: 4,
  width: 720,
  height: 1280,
  isUserContent: false,
  slideshow: null,
}

function content(overrides: Partial<VideoDraftContent> = {}): VideoDraftContent {
  const { startMs: _s, endMs: _e, ...style } = OVERLAY_DEFAULTS
  return {
    title: 'My launch video',
    description: 'Day one',
    videos: { video: null, demo: null },
    layout: 'split',
    fit: 'crop',
    cropFocus: 30,
    overlays: [
      { ...OVERLAY_DEFAULTS, id: 'ov_1', text: 'Stop scrolling', color: '#ffcc00', startMs: 0, endMs: 1500 },
      { ...OVERLAY_DEFAULTS, id: 'ov_2', text: 'Wait for it', anchor: { x: 0.4, y: 0.3 }, style: 'box' },
    ],
    newOverlay: { ...style, text: 'half typed', start: '1', end: '', position: 'top' },
    hookAccountId: null,
    ...overrides,
  }
}

async function read(cookie: string): Promise<VideoDraftView> {
  const res = await inject(server, 'GET', '/api/video-draft', cookie)
  expect(res.statusCode, res.body).toBe(200)
  return videoDraftResponseSchema.parse(res.json()).draft
}

async function save(cookie: string, revision: number, body: VideoDraftContent | null): Promise<VideoDraftView> {
  const res = await inject(server, 'PUT', '/api/video-draft', cookie, { revision, content: body })
  expect(res.statusCode, res.body).toBe(200)
  return videoDraftResponseSchema.parse(res.json()).draft
}

async function storedRow(userId: string) {
  const [row] = await server.runtime.database.db.select().from(videoDraft).where(eq(videoDraft.userId, userId))
  return row
}

describe('the Create form draft', () => {
  it('needs a signed-in person', async () => {
    expect((await inject(server, 'GET', '/api/video-draft')).statusCode).toBe(401)
    const put = await inject(server, 'PUT', '/api/video-draft', undefined, { revision: 0, content: null })
    expect(put.statusCode).toBe(401)
  })

  it('is saved, read back with every property and its media, overwritten and cleared', async () => {
    const person = await signUp(server)
    expect(await read(person.cookie)).toEqual({
      revision: 0,
      content: null,
      media: { video: null, demo: null },
      dropped: [],
      updatedAt: null,
    })
    const upload = await storeMedia(server, person.userId, anyFile, { originalName: 'mine.mp4', width: 1920 })
    const copy = await storeMedia(server, person.userId, anyFile, { originalName: 'feature-tour.mp4' })
    const first = content({
      videos: {
        video: { mediaId: upload, name: 'mine.mp4', libraryItem: null },
        demo: { mediaId: copy, name: 'Feature tour', libraryItem },
      },
      hookAccountId: 'acc-1',
    })
    const saved = await save(person.cookie, 0, first)
    expect(saved).toMatchObject({ revision: 1, content: first, dropped: [] })
    expect(saved.media.video).toMatchObject({ id: upload, originalName: 'mine.mp4', width: 1920, durationMs: 3000 })
    expect(saved.media.demo).toMatchObject({ id: copy, originalName: 'feature-tour.mp4' })
    expect(await read(person.cookie)).toEqual(saved)

    const second = await save(person.cookie, 1, { ...first, title: 'Take two' })
    expect(second.revision).toBe(2)
    expect((await read(person.cookie)).content?.title).toBe('Take two')

    const cleared = await save(person.cookie, 2, null)
    expect(cleared).toMatchObject({ revision: 3, content: null, media: { video: null, demo: null } })
    expect(await read(person.cookie)).toMatchObject({ revision: 3, content: null })
    // The row stays, so the revision never starts over (a page still holding revision 1 or 2 cannot come back).
    expect((await storedRow(person.userId))?.revision).toBe(3)
  })

  it('refuses a save after an older revision (another tab saved since) and keeps the newer draft', async () => {
    const person = await signUp(server)
    await save(person.cookie, 0, content({ title: 'Tab A' }))
    await save(person.cookie, 1, content({ title: 'Tab B, newer' }))
    for (const revision of [1, 0, 7]) {
      const res = await inject(server, 'PUT', '/api/video-draft', person.cookie, {
        revision,
        content: content({ title: 'Tab A again' }),
      })
      expect(res.statusCode, `revision ${revision}`).toBe(409)
      expect(res.json()).toEqual({ code: 'CONFLICT', message: VIDEO_DRAFT_MESSAGES.conflict })
    }
    // Clearing after an older revision is refused too.
    const clear = await inject(server, 'PUT', '/api/video-draft', person.cookie, { revision: 1, content: null })
    expect(clear.statusCode).toBe(409)
    expect(await read(person.cookie)).toMatchObject({ revision: 2, content: { title: 'Tab B, newer' } })

    // Two saves after the same revision at once: exactly one wins.
    const both = await Promise.all(
      ['One', 'Two'].map((title) =>
        inject(server, 'PUT', '/api/video-draft', person.cookie, { revision: 2, content: content({ title }) }),
      ),
    )
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect((await read(person.cookie)).revision).toBe(3)
  })

  it('is each person’s own: another person never sees it, and never keeps someone else’s video in theirs', async () => {
    const mine = await storeMedia(server, me.userId, anyFile, { originalName: 'private.mp4' })
    await save(
      me.cookie,
      (await read(me.cookie)).revision,
      content({
        title: 'Mine only',
        videos: { video: { mediaId: mine, name: 'private.mp4', libraryItem: null }, demo: null },
      }),
    )
    expect(await read(other.cookie)).toMatchObject({ revision: 0, content: null })

    const theirs = await save(
      other.cookie,
      0,
      content({
        title: 'Theirs',
        videos: { video: { mediaId: mine, name: 'guessed.mp4', libraryItem: null }, demo: null },
      }),
    )
    expect(theirs.media.video).toBeNull()
    expect(theirs.content?.videos.video).toBeNull()
    expect(theirs.dropped).toEqual([{ slot: 'video', mediaId: mine, name: 'guessed.mp4' }])
    expect((await storedRow(other.userId))?.content?.videos.video).toBeNull()
    expect(JSON.stringify(theirs)).not.toContain('private.mp4')

    const mineAgain = await read(me.cookie)
    expect(mineAgain.content?.title).toBe('Mine only')
    expect(mineAgain.media.video).toMatchObject({ id: mine, originalName: 'private.mp4' })
  })

  it('drops a video deleted since from the draft, and says which', async () => {
    const person = await signUp(server)
    const gone = await storeMedia(server, person.userId, anyFile, { originalName: 'old-take.mp4' })
    await save(
      person.cookie,
      0,
      content({
        videos: { video: { mediaId: gone, name: 'old-take.mp4', libraryItem: null }, demo: null },
      }),
    )
    const removed = await inject(server, 'DELETE', `/api/media/${gone}`, person.cookie)
    expect(removed.statusCode, removed.body).toBe(204)

    const draft = await read(person.cookie)
    expect(draft.content?.videos.video).toBeNull()
    expect(draft.content?.title).toBe('My launch video')
    expect(draft.media.video).toBeNull()
    expect(draft.dropped).toEqual([{ slot: 'video', mediaId: gone, name: 'old-take.mp4' }])
    // A malformed id names nothing either.
    const odd = await save(
      person.cookie,
      1,
      content({
        videos: { video: null, demo: { mediaId: 'not-a-uuid', name: 'odd.mp4', libraryItem: null } },
      }),
    )
    expect(odd.dropped).toEqual([{ slot: 'demo', mediaId: 'not-a-uuid', name: 'odd.mp4' }])
  })

  it('refuses bad drafts with a clear message and changes nothing', async () => {
    const person = await signUp(server)
    await save(person.cookie, 0, content({ title: 'Kept' }))
    const overlay = content().overlays[0]!
    const bad: [string, unknown][] = [
      ['no revision', { content: content() }],
      ['a negative revision', { revision: -1, content: content() }],
      ['no content', { revision: 1 }],
      [
        'a colour outside the studio’s',
        { revision: 1, content: content({ overlays: [{ ...overlay, color: '#123456' }] }) },
      ],
      [
        'an overlay ending before it starts',
        { revision: 1, content: content({ overlays: [{ ...overlay, startMs: 2000, endMs: 1000 }] }) },
      ],
      [
        'eleven overlays',
        {
          revision: 1,
          content: content({ overlays: Array.from({ length: 11 }, (_, i) => ({ ...overlay, id: `o${i}` })) }),
        },
      ],
      ['a single layout', { revision: 1, content: { ...content(), layout: 'single' } }],
      ['a title of 1,001 characters', { revision: 1, content: content({ title: 'x'.repeat(1001) }) }],
    ]
    for (const [why, body] of bad) {
      const res = await inject(server, 'PUT', '/api/video-draft', person.cookie, body)
      expect(res.statusCode, why).toBe(400)
      expect(res.json(), why).toMatchObject({ code: 'VALIDATION_FAILED' })
    }
    const long = await inject(server, 'PUT', '/api/video-draft', person.cookie, {
      revision: 1,
      content: content({ title: 'x'.repeat(1001) }),
    })
    expect(long.json()).toMatchObject({ message: 'A draft keeps at most 1,000 characters of title' })
    // What a person may have typed beyond a post's limits is kept (Create refuses it, the draft does not lose it).
    const typed = content({ title: 'x'.repeat(1000), description: 'y'.repeat(8800) })
    expect((await save(person.cookie, 1, typed)).content?.title).toHaveLength(1000)
    expect((await read(person.cookie)).revision).toBe(2)
  })

  it('refuses a draft over 48 KB with its own message, a far larger body with the generic one', async () => {
    const person = await signUp(server)
    await save(person.cookie, 0, content({ title: 'Kept' }))
    const heavy = (kb: number) =>
      content({
        videos: {
          video: null,
          demo: { mediaId: 'x', name: 'x', libraryItem: { ...libraryItem, description: 'z'.repeat(kb * 1024) } },
        },
      })
    const tooLarge = await inject(server, 'PUT', '/api/video-draft', person.cookie, { revision: 1, content: heavy(49) })
    expect(tooLarge.statusCode).toBe(413)
    expect(tooLarge.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: VIDEO_DRAFT_MESSAGES.tooLarge })
    const huge = await inject(server, 'PUT', '/api/video-draft', person.cookie, { revision: 1, content: heavy(100) })
    expect(huge.statusCode).toBe(413)
    expect(huge.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.payloadTooLarge })
    expect(await read(person.cookie)).toMatchObject({ revision: 1, content: { title: 'Kept' } })
  })

  it('goes with its person when the account is deleted (ON DELETE CASCADE)', async () => {
    const leaver = await signUp(server)
    await save(leaver.cookie, 0, content())
    await server.runtime.database.db.delete(user).where(eq(user.id, leaver.userId))
    const [left] = await server.runtime.database.db
      .select({ n: count() })
      .from(videoDraft)
      .where(eq(videoDraft.userId, leaver.userId))
    expect(left?.n).toBe(0)
  })

  it('is in the API reference', async () => {
    const res = await inject(server, 'GET', '/api/docs/json')
    const doc = res.json() as { paths: Record<string, Record<string, unknown>> }
    expect(Object.keys(doc.paths['/api/video-draft/'] ?? {}).sort()).toEqual(['get', 'put'])
  })
})
