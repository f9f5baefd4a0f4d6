import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drizzle } from 'drizzle-orm/node-postgres'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { calendarDaysSchema, type CalendarDay } from '@hookpost/shared'
import { mediaFile, post, tiktokAccount } from '../db/schema'
import { createScratchDatabase, type ScratchDatabase } from '../testing/scratch-database'
import {
  buildServer,
  freePort,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../testing/server-process'

/**
 * The calendar's kept answers across processes (ADR 053): two API processes (the production build under plain node)
 * on one PostgreSQL database each keep a person's calendar; a write through one of them, or by anyone else on the
 * database, shows on the very next read from the other. PGlite is one process only, so this needs PostgreSQL.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL
const MONTH = { from: '2027-04-01T00:00:00.000Z', to: '2027-05-01T00:00:00.000Z' }

let dir: string
let scratch: ScratchDatabase | undefined
let pool: pg.Pool
let apis: { process: ServerProcess; url: string }[] = []

async function calendar(base: string, cookie: string): Promise<{ days: CalendarDay[]; etag: string | null }> {
  const res = await fetch(`${base}/api/posts/calendar?from=${MONTH.from}&to=${MONTH.to}&zone=UTC`, {
    headers: { cookie },
  })
  expect(res.status).toBe(200)
  return { days: calendarDaysSchema.parse(await res.json()).days, etag: res.headers.get('etag') }
}

describe.skipIf(!ADMIN_URL)('kept calendar answers in two API processes (needs TEST_DATABASE_URL)', () => {
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hookpost-answers-'))
    await buildServer()
    scratch = await createScratchDatabase(ADMIN_URL!, 'hookpost_answers')
    pool = new pg.Pool({ connectionString: scratch.url, max: 2 })
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: scratch.url,
      DATA_DIR: path.join(dir, 'data'),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1:3000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: path.join(dir, 'no-web'),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      AUTH_SECRET: randomBytes(32).toString('hex'),
      TIKTOK_CLIENT_KEY: 'test-key',
      TIKTOK_CLIENT_SECRET: 'test-secret',
      TIKTOK_REDIRECT_URI: 'http://127.0.0.1:3000/auth/tiktok/callback',
    }
    await startServerProcess('migrate', 'migrate', env)
    const ports = [await freePort(), await freePort()]
    const started = await Promise.all(
      ports.map((port, i) => startServerProcess(`api-${i + 1}`, 'api', { ...env, PORT: String(port) })),
    )
    apis = started.map((p, i) => ({ process: p, url: `http://127.0.0.1:${ports[i]}` }))
  }, 120_000)

  afterAll(async () => {
    await Promise.all(apis.map((a) => a.process.stop()))
    await pool?.end()
    await scratch?.drop()
    if (dir) rmSync(dir, { recursive: true, force: true })
  })

  it('a write in one process, or by anyone on the database, shows on the next read in the other', async () => {
    const [one, two] = apis as [(typeof apis)[0], (typeof apis)[0]]
    const me = await signUpOverHttp(one.url, `answers-${process.pid}@example.com`)
    const db = drizzle(pool)
    const [account] = await db
      .insert(tiktokAccount)
      .values({ userId: me.userId, accountName: 'Creator', accountUsername: 'creator' })
      .returning()
    const [media] = await db
      .insert(mediaFile)
      .values({
        userId: me.userId,
        originalName: 'clip.mp4',
        storageKey: `${me.userId}/clip.mp4`,
        contentType: 'video/mp4',
        sizeBytes: 1000,
        durationMs: 1_000,
        width: 360,
        height: 640,
        fps: 30,
        videoCodec: 'h264',
        audioCodec: 'aac',
      })
      .returning()
    const posts = await db
      .insert(post)
      .values(
        ['2027-04-10T09:00:00.000Z', '2027-04-10T10:00:00.000Z'].map((at) => ({
          userId: me.userId,
          accountId: account!.id,
          mediaId: media!.id,
          title: `Post at ${at}`,
          description: '',
          privacyLevel: 'SELF_ONLY' as const,
          disableComment: false,
          disableDuet: false,
          disableStitch: false,
          scheduledAt: new Date(at),
          timeZone: 'UTC',
        })),
      )
      .returning()

    // Both processes keep the answer: the repeat is the same answer (same ETag).
    const first = await calendar(two.url, me.cookie)
    expect(first.days[0]!.total).toBe(2)
    expect((await calendar(two.url, me.cookie)).etag).toBe(first.etag)
    await calendar(one.url, me.cookie)

    // A delete through process one: process two's next read no longer has it.
    const deleted = await fetch(`${one.url}/api/posts/${posts[0]!.id}`, {
      method: 'DELETE',
      headers: { cookie: me.cookie },
    })
    expect(deleted.status).toBe(204)
    const afterDelete = await calendar(two.url, me.cookie)
    expect(afterDelete.days[0]!.total).toBe(1)
    expect(afterDelete.etag).not.toBe(first.etag)

    // A state change by someone else on the database (a worker elsewhere, a person in psql): both see it next.
    await db.update(post).set({ state: 'failed', errorMessage: 'TikTok said no' }).where(eq(post.id, posts[1]!.id))
    for (const api of [two, one]) expect((await calendar(api.url, me.cookie)).days[0]!.counts).toEqual({ failed: 1 })
  }, 60_000)
})
