import { randomBytes } from 'node:crypto'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { drizzle } from 'drizzle-orm/node-postgres'
import { inArray } from 'drizzle-orm'
import pg from 'pg'
import { OVERLAY_DEFAULTS, type ServerEvent } from '@hookpost/shared'
import { createdVideo, mediaFile, post } from '../db/schema'
import { createS3MediaStorage } from '../integrations/storage'
import { openEventStream } from '../testing/http-test-kit'
import { startS3Server, type TestS3Server } from '../testing/s3-server'
import { createScratchDatabase, type ScratchDatabase } from '../testing/scratch-database'
import { makeVideo } from '../testing/media-fixtures'
import {
  buildServer,
  freePort,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from '../testing/server-process'
import { eventually } from '../testing/test-runtime'
import { startTestSandbox, TEST_REDIRECT_URI, type TestSandbox } from '../testing/tiktok-sandbox'

/**
 * Scale-out (ADR 002, 027): two API and two worker processes (the production build under plain node) on one
 * PostgreSQL database and one DATA_DIR share the work. Under load — 64 posts due at the same instant across 16
 * creators of two people, scheduled over HTTP through both API processes, and four renders — every post reaches TikTok
 * (the sandbox) exactly once and every video is rendered exactly once, and a browser's event stream on API #1 hears
 * what the workers did. PGlite is one process only, so this needs PostgreSQL.
 *
 * With TEST_STORAGE=s3 (ADR 035) media lives in an S3 bucket (s3rver) and each process has a DATA_DIR of its own, as
 * processes on different machines would: nothing but the database and the bucket is shared.
 */
const ADMIN_URL = process.env.TEST_DATABASE_URL
const S3 = process.env.TEST_STORAGE === 's3'
const CREATORS_PER_PERSON = 8
const POSTS = 64
const RENDERS = 4

// The Schedule form's time has minute precision: all posts are due at one whole minute, the first that leaves time
// to schedule them. That time is judged from how long connecting the creators took (a loaded machine is slower at
// both; scheduling 64 posts took up to 1.8× as long), at least 10 s. The wait is spent rendering.
const MIN_SCHEDULING_MARGIN_MS = 10_000

interface Person {
  cookie: string
  userId: string
  accounts: { accountId: string; openId: string }[]
  mediaId: string
}

let dir: string
let clip: string
let sandbox: TestSandbox
let scratch: ScratchDatabase | undefined
let databaseUrl: string
let pool: pg.Pool
let apis: { process: ServerProcess; url: string }[] = []
let workers: ServerProcess[] = []
let buildMs = 0
let s3: TestS3Server | undefined

async function request(base: string, method: string, url: string, cookie: string | undefined, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    redirect: 'manual',
  })
  const text = await res.text()
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, headers: res.headers }
}

/** Signs up over HTTP on `base`, chooses the Business plan and connects sandbox creators the way the browser does. */
async function person(base: string, n: number): Promise<Person> {
  const { cookie, userId } = await signUpOverHttp(base, `multi-${process.pid}-${n}@example.com`)
  // 8 accounts: more than the trial's 3 (ADR 036). Business allows 10; manual billing activates it at once.
  const plan = await request(base, 'POST', '/api/billing/checkout', cookie, { plan: 'business' })
  expect(plan.status, JSON.stringify(plan.body)).toBe(200)
  // Connected side by side: each connect holds its own single-use state.
  const accounts = await Promise.all(
    Array.from({ length: CREATORS_PER_PERSON }, async (_, i) => {
      const { open_id: openId } = await sandbox.createCreator({
        display_name: `Multi ${n}.${i}`,
        username: `multi_${process.pid}_${n}_${i}`,
      })
      const start = await request(base, 'POST', '/api/tiktok/connect', cookie, {})
      const callback = await sandbox.decide((start.body as { authorizeUrl: string }).authorizeUrl, openId)
      const done = await request(base, 'POST', '/api/tiktok/callback', cookie, {
        code: callback.searchParams.get('code'),
        state: callback.searchParams.get('state'),
      })
      expect(done.status, JSON.stringify(done.body)).toBe(200)
      return { accountId: (done.body as { account: { id: string } }).account.id, openId }
    }),
  )
  // The video, stored as a finished upload (the upload path is covered by the media tests).
  const mediaId = crypto.randomUUID()
  const storageKey = `${userId}/${mediaId}.mp4`
  if (s3) {
    const bucket = createS3MediaStorage({ ...s3, forcePathStyle: true })
    await bucket.copyIn(clip, storageKey).finally(() => bucket.close())
  } else {
    const target = path.join(dir, 'data', 'media', storageKey)
    mkdirSync(path.dirname(target), { recursive: true })
    copyFileSync(clip, target)
  }
  await drizzle(pool)
    .insert(mediaFile)
    .values({
      id: mediaId,
      userId,
      originalName: 'clip.mp4',
      storageKey,
      contentType: 'video/mp4',
      sizeBytes: statSync(clip).size,
      durationMs: 1_000,
      width: 360,
      height: 640,
      fps: 30,
      videoCodec: 'h264',
      audioCodec: 'aac',
    })
  return { cookie, userId, accounts, mediaId }
}

describe.skipIf(!ADMIN_URL)(
  'two API and two worker processes on one PostgreSQL database (needs TEST_DATABASE_URL: PGlite is one process only)',
  () => {
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'hookpost-multi-'))
      clip = path.join(dir, 'clip.mp4')
      const made = makeVideo(clip, { seconds: 1, width: 360, height: 640 })
      buildMs = await buildServer()
      sandbox = await startTestSandbox()
      if (S3) s3 = await startS3Server()

      scratch = await createScratchDatabase(ADMIN_URL!, 'hookpost_multi')
      databaseUrl = scratch.url
      pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })

      // What a deployment of N processes shares: the database, DATA_DIR (uploads, media) and the secrets; on S3, the
      // bucket instead of DATA_DIR.
      const env = {
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        DATA_DIR: path.join(dir, 'data'),
        HOST: '127.0.0.1',
        PUBLIC_URL: new URL(TEST_REDIRECT_URI).origin,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT_MAX: '1000',
        WEB_DIST_DIR: path.join(dir, 'no-web'),
        ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        AUTH_SECRET: randomBytes(32).toString('hex'),
        ...sandbox.env,
        ...s3?.env,
      }
      const own = (name: string) => (s3 ? { DATA_DIR: path.join(dir, `data-${name}`) } : {})
      // Migrations first and alone, as the README says for a rollout of several processes.
      await startServerProcess('migrate', 'migrate', env)
      const ports = [await freePort(), await freePort()]
      const starting = await Promise.allSettled([
        ...ports.map((port, i) =>
          startServerProcess(`api-${i + 1}`, 'api', { ...env, ...own(`api-${i + 1}`), PORT: String(port) }),
        ),
        startServerProcess('worker-1', 'worker', { ...env, ...own('worker-1') }),
        startServerProcess('worker-2', 'worker', { ...env, ...own('worker-2') }),
      ])
      const started = starting.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []))
      // One that could not start has exited; the others are stopped by afterAll.
      const failed = starting.find((s) => s.status === 'rejected')
      if (failed) {
        await Promise.all(started.map((p) => p.stop()))
        throw failed.reason
      }
      apis = ports.map((port, i) => ({ process: started[i]!, url: `http://127.0.0.1:${port}` }))
      workers = started.slice(2)
      await made
      console.log(
        `[multi-process] build ${Math.round(buildMs)} ms (0 when fresh) · startup ` +
          started.map((p) => `${p.name} ${Math.round(p.startupMs)} ms`).join(', '),
      )
    }, 120_000)

    afterAll(async () => {
      await Promise.all([...apis.map((a) => a.process.stop()), ...workers.map((w) => w.stop())])
      await pool?.end()
      await sandbox?.close()
      await s3?.stop()
      await scratch?.drop()
      if (dir) rmSync(dir, { recursive: true, force: true })
    }, 60_000)

    it('publishes every post exactly once and renders every video exactly once; API #1 streams what the workers did', async () => {
      const [api1, api2] = [apis[0]!.url, apis[1]!.url]
      const setupStarted = Date.now()
      const people = await Promise.all([person(api1, 1), person(api2, 2)])
      const setupMs = Date.now() - setupStarted
      const stream = await openEventStream(api1, people[0]!.cookie)
      expect(stream.status).toBe(200)

      // All due at one whole minute (UTC), each person's posts spread over their creators and over both API processes.
      const margin = Math.max(MIN_SCHEDULING_MARGIN_MS, 3 * setupMs)
      const due = new Date(Math.ceil((Date.now() + margin) / 60_000) * 60_000)
      const schedulingStarted = Date.now()
      const [date, time] = [due.toISOString().slice(0, 10), due.toISOString().slice(11, 16)]
      const titles = new Map<string, { person: Person; openId: string }>()
      const scheduled = await Promise.all(
        Array.from({ length: POSTS }, async (_, i) => {
          const who = people[i % 2]!
          const account = who.accounts[Math.floor(i / 2) % CREATORS_PER_PERSON]!
          const title = `multi-process post ${i}`
          titles.set(title, { person: who, openId: account.openId })
          const res = await request(Math.floor(i / 2) % 2 === 0 ? api1 : api2, 'POST', '/api/posts', who.cookie, {
            accountId: account.accountId,
            mediaId: who.mediaId,
            title,
            description: '',
            privacyLevel: 'SELF_ONLY',
            allowComment: true,
            allowDuet: true,
            allowStitch: true,
            date,
            time,
            timeZone: 'UTC',
          })
          expect(res.status, JSON.stringify(res.body)).toBe(201)
          return (res.body as { post: { id: string } }).post.id
        }),
      )
      const schedulingMs = Date.now() - schedulingStarted
      expect(Date.now(), 'scheduling ended after the due time').toBeLessThan(due.getTime())

      // Renders, requested through both API processes, run while the posts wait for their minute.
      const videoIds = await Promise.all(
        Array.from({ length: RENDERS }, async (_, i) => {
          const who = people[i % 2]!
          const res = await request(i < RENDERS / 2 ? api1 : api2, 'POST', '/api/videos', who.cookie, {
            title: `Multi render ${i}`,
            sourceMediaId: who.mediaId,
            textOverlays: [{ ...OVERLAY_DEFAULTS, id: 'o1', text: `Render ${i}`, position: 'top', fontSize: 120 }],
          })
          expect(res.status, JSON.stringify(res.body)).toBe(201)
          return (res.body as { video: { id: string } }).video.id
        }),
      )

      const db = drizzle(pool)
      const terminal = ['uploaded', 'failed', 'unconfirmed']
      const posts = await eventually(
        async () => {
          const rows = await db.select().from(post).where(inArray(post.id, scheduled))
          return rows.every((r) => terminal.includes(r.state)) ? rows : undefined
        },
        // The last post was uploaded up to 45 s after its time with a load average of 16 on 2 cores.
        due.getTime() - Date.now() + 90_000,
      ).catch(async (err: unknown) => {
        const rows = await db.select().from(post).where(inArray(post.id, scheduled))
        const states = new Map<string, number>()
        for (const r of rows) {
          const key = `${r.state}/${r.attempts}/${r.errorMessage ?? ''}`
          states.set(key, (states.get(key) ?? 0) + 1)
        }
        throw new Error(
          `${String(err)}; posts: ${JSON.stringify([...states])}\n` +
            workers.map((w) => `--- ${w.name}\n${w.output().slice(-3000)}`).join('\n'),
        )
      })
      const videos = await eventually(async () => {
        const rows = await db.select().from(createdVideo).where(inArray(createdVideo.id, videoIds))
        return rows.every((r) => r.state === 'processed' || r.state === 'failed') ? rows : undefined
      }, 30_000)

      // In our database: every post uploaded, claimed once.
      expect(posts.map((p) => [p.title, p.state, p.attempts, p.errorMessage])).toEqual(
        posts.map((p) => [p.title, 'uploaded', 1, null]),
      )
      // On TikTok: each title exactly once, on the creator it was scheduled for, and nothing else.
      const received: string[] = []
      for (const who of people) {
        for (const { openId } of who.accounts) {
          const res = await sandbox.admin('GET', `/sandbox/admin/creators/${openId}/videos`)
          expect(res.status).toBe(200)
          for (const v of (res.body as { videos: { title: string; status: string }[] }).videos) {
            expect(titles.get(v.title)?.openId, v.title).toBe(openId)
            expect(v.status).toBe('PUBLISH_COMPLETE')
            received.push(v.title)
          }
        }
      }
      expect(received.sort()).toEqual([...titles.keys()].sort())

      // Every video rendered once: one claim each, and one "rendered" line across both workers' logs.
      expect(videos.map((v) => [v.id, v.state, v.attempts])).toEqual(videos.map((v) => [v.id, 'processed', 1]))
      const renderedBy = new Map<string, string[]>()
      for (const w of workers) {
        for (const [, id] of w.output().matchAll(/\[videos\] video (\S+) rendered in/g)) {
          renderedBy.set(id!, [...(renderedBy.get(id!) ?? []), w.name])
        }
      }
      expect([...renderedBy.keys()].sort()).toEqual([...videoIds].sort())
      expect([...renderedBy.values()].every((by) => by.length === 1)).toBe(true)

      // API processes take no jobs; the event stream on API #1 hears the workers' work for person 1.
      const mine = new Set(posts.filter((p) => p.userId === people[0]!.userId).map((p) => p.id))
      const myVideos = new Set(videos.filter((v) => v.userId === people[0]!.userId).map((v) => v.id))
      await eventually(async () => {
        const uploaded = new Set(
          stream.events.flatMap((e: ServerEvent) =>
            e.type === 'post.updated' && e.post.state === 'uploaded' ? [e.post.id] : [],
          ),
        )
        const rendered = new Set(
          stream.events.flatMap((e: ServerEvent) =>
            e.type === 'video.updated' && e.video.state === 'processed' ? [e.video.id] : [],
          ),
        )
        return [...mine].every((id) => uploaded.has(id)) && [...myVideos].every((id) => rendered.has(id))
          ? true
          : undefined
      }, 5_000)
      // Nothing of person 2's reached person 1's stream.
      const theirs = new Set([...scheduled, ...videoIds].filter((id) => !mine.has(id) && !myVideos.has(id)))
      expect(
        stream.events.some(
          (e) =>
            (e.type === 'post.updated' && theirs.has(e.post.id)) ||
            (e.type === 'video.updated' && theirs.has(e.video.id)),
        ),
      ).toBe(false)
      stream.close()

      console.log(
        `[multi-process] setup ${setupMs} ms, scheduling ${schedulingMs} ms; ` +
          `${POSTS} posts due ${due.toISOString()}, all uploaded ` +
          `${((Math.max(...posts.map((p) => p.publishedAt?.getTime() ?? 0)) - due.getTime()) / 1000).toFixed(1)} s after; ` +
          `renders by worker: ${workers.map((w) => `${w.name} ${[...renderedBy.values()].filter((by) => by[0] === w.name).length}`).join(', ')}`,
      )
      // The processes stop cleanly (SIGTERM → exit 0); on a loaded 2-core machine four stopping at once take a while.
      const codes = await Promise.all([
        ...apis.map((a) => a.process.stop(30_000)),
        ...workers.map((w) => w.stop(30_000)),
      ])
      expect(codes).toEqual([0, 0, 0, 0])
    }, 240_000)
  },
)
