import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { buffer } from 'node:stream/consumers'
import { eq } from 'drizzle-orm'
import * as tus from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES, POST_LIMITS, UPLOAD_LIMITS, finalizeUploadResponseSchema, type MediaFile } from '@hookpost/shared'
import { mediaFile, post, tiktokAccount } from '../../db/schema'
import { cookieHeader, startTestServer, type TestServer } from '../../testing/test-runtime'
import { createUploadStore } from './upload-store'

/**
 * The whole upload path over real HTTP, as a browser drives it: tus create/PATCH/HEAD/DELETE against a listening
 * server, then POST /api/media, with real videos made by ffmpeg and checked by the real ffprobe.
 */
let server: TestServer
let base: string
let videos: string
const json = { 'content-type': 'application/json' }

function ffmpeg(...args: string[]) {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { cwd: videos, stdio: ['ignore', 'ignore', 'pipe'] })
}
/** A test pattern; `-t` comes after every input, so it cuts the output (audio included) to exactly `seconds`. */
const testsrc = (size: string, rate: number) => ['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=${rate}`]
const seconds = (n: number) => ['-t', String(n)]
const x264 = ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p']
const file = (name: string) => readFileSync(path.join(videos, name))

beforeAll(async () => {
  videos = mkdtempSync(path.join(tmpdir(), 'media-int-videos-'))
  ffmpeg(
    ...testsrc('1080x1920', 30),
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    ...seconds(2),
    ...x264,
    '-c:a',
    'aac',
    'ok.mp4',
  )
  ffmpeg('-i', 'ok.mp4', '-c', 'copy', '-f', 'mov', 'ok.mov')
  ffmpeg('-i', 'ok.mp4', '-c', 'copy', '-movflags', '+faststart', 'faststart.mp4')
  ffmpeg(...testsrc('1080x1920', 10), ...seconds(2), ...x264, 'fps10.mp4')
  ffmpeg(...testsrc('200x356', 30), ...seconds(2), ...x264, 'small.mp4')
  ffmpeg(
    ...testsrc('360x640', 30),
    ...seconds(1),
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    'ok.webm',
  )
  // Cut-off copies: without faststart ffprobe misses the moov; with it, only the container sizes tell.
  writeFileSync(path.join(videos, 'truncated.mp4'), file('ok.mp4').subarray(0, 100_000))
  writeFileSync(path.join(videos, 'truncated-faststart.mp4'), file('faststart.mp4').subarray(0, 100_000))
  writeFileSync(path.join(videos, 'notes.mp4'), 'Shopping list: eggs, milk, a video that is really a text file.\n')

  server = await startTestServer()
  const address = await server.runtime.http!.listen({ port: 0, host: '127.0.0.1' })
  base = address.replace(/\/$/, '')
}, 120_000)

afterAll(async () => {
  await server?.close()
  if (videos) rmSync(videos, { recursive: true, force: true })
})

interface User {
  id: string
  cookie: string
}
let users = 0
async function signUp(): Promise<User> {
  users++
  const password = 'correct horse 1'
  const res = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      email: `media-${users}-${Date.now()}@example.com`,
      password,
      confirmPassword: password,
      acceptTerms: true,
    }),
  })
  expect(res.status).toBe(200)
  const body = (await res.json()) as { user: { id: string } }
  return { id: body.user.id, cookie: cookieHeader(res.headers.getSetCookie()) }
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64')
const TUS = { 'tus-resumable': '1.0.0' }

async function createUpload(user: User | undefined, length: number, filename = 'clip.mp4') {
  return fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': `filename ${b64(filename)},filetype ${b64('video/mp4')}`,
      ...(user ? { cookie: user.cookie } : {}),
    },
  })
}

function patch(user: User | undefined, location: string, offset: number, chunk: Uint8Array) {
  return fetch(new URL(location, base), {
    method: 'PATCH',
    headers: {
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
      ...(user ? { cookie: user.cookie } : {}),
    },
    body: chunk,
  })
}

function head(user: User | undefined, location: string) {
  return fetch(new URL(location, base), {
    method: 'HEAD',
    headers: { ...TUS, ...(user ? { cookie: user.cookie } : {}) },
  })
}

/** The whole file over raw tus in `chunk`-byte PATCHes; returns the upload id. */
async function upload(user: User, bytes: Uint8Array, filename = 'clip.mp4', chunk = 256 * 1024): Promise<string> {
  const created = await createUpload(user, bytes.length, filename)
  expect(created.status).toBe(201)
  const location = created.headers.get('location')!
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const res = await patch(user, location, offset, bytes.subarray(offset, offset + chunk))
    expect(res.status).toBe(204)
  }
  return location.split('/').pop()!
}

function finalize(user: User | undefined, uploadId: string) {
  return fetch(`${base}/api/media`, {
    method: 'POST',
    headers: { ...json, ...(user ? { cookie: user.cookie } : {}) },
    body: JSON.stringify({ uploadId }),
  })
}

const uploadsDir = () => path.join(server.config.dataDir, 'uploads')
/** Every tus upload on disk: bytes, records and claims. */
const allUploadFiles = () => [
  ...readdirSync(uploadsDir()).filter((n) => n !== '.claimed'),
  ...readdirSync(path.join(uploadsDir(), '.claimed')).map((n) => `.claimed/${n}`),
]
/** What is left on disk of one upload (its bytes, its tus record, a claim). */
const leftoversOf = (uploadId: string) =>
  [uploadId, `${uploadId}.json`, `.claimed/${uploadId}`].filter((n) => existsSync(path.join(uploadsDir(), n)))
/** The person's stored files (names under their folder), read through media storage: local disk or S3 alike. */
const mediaFilesOf = async (user: User) => {
  const names: string[] = []
  for await (const object of server.storage.list(user.id)) names.push(object.key.slice(user.id.length + 1))
  return names.sort()
}
const rowsOf = (user: User) => server.runtime.database.db.select().from(mediaFile).where(eq(mediaFile.userId, user.id))

describe('authentication', () => {
  it('answers 401 with the spec message to every upload and media endpoint without a session', async () => {
    const before = allUploadFiles()
    const anon = [
      await createUpload(undefined, 10),
      await head(undefined, '/api/uploads/0123456789abcdef0123456789abcdef'),
      await patch(undefined, '/api/uploads/0123456789abcdef0123456789abcdef', 0, new Uint8Array(4)),
      await finalize(undefined, '0123456789abcdef0123456789abcdef'),
      await fetch(`${base}/api/media/00000000-0000-4000-8000-000000000000/file`),
    ]
    expect(anon.map((r) => r.status)).toEqual([401, 401, 401, 401, 401])
    const body = (await anon[0]!.json()) as { message: string }
    expect(body).toEqual({ code: 'UNAUTHENTICATED', message: MESSAGES.notAuthenticated })
    expect(allUploadFiles()).toEqual(before)
  })
})

describe('OpenAPI', () => {
  it('documents the upload and media endpoints', async () => {
    const doc = (await (await fetch(`${base}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>
    }
    expect(Object.keys(doc.paths['/api/uploads'] ?? {})).toContain('post')
    expect(Object.keys(doc.paths['/api/uploads/{id}'] ?? {})).toEqual(
      expect.arrayContaining(['head', 'patch', 'delete']),
    )
    expect(Object.keys(doc.paths['/api/media'] ?? {})).toEqual(['post'])
    expect(Object.keys(doc.paths['/api/media/{id}'] ?? {})).toEqual(expect.arrayContaining(['get', 'delete']))
    expect(Object.keys(doc.paths['/api/media/{id}/file'] ?? {})).toContain('get')
  })
})

describe('a good MP4, uploaded in two halves with a resume in between', () => {
  let alice: User
  let bob: User
  let media: MediaFile
  const bytes = () => file('ok.mp4')

  beforeAll(async () => {
    alice = await signUp()
    bob = await signUp()
  })

  it('resumes from the offset HEAD reports, is private to its owner, and becomes a 1080×1920 30 fps video', async () => {
    const video = bytes()
    const half = Math.floor(video.length / 2)
    const created = await createUpload(alice, video.length, 'Beach day 🌊.mp4')
    expect(created.status).toBe(201)
    expect(created.headers.get('tus-resumable')).toBe('1.0.0')
    const location = created.headers.get('location')!
    // Relative, so it resolves against whatever origin PUBLIC_URL serves.
    expect(location).toMatch(/^\/api\/uploads\/[0-9a-f]{32}$/)
    const uploadId = location.split('/').pop()!

    expect((await patch(alice, location, 0, video.subarray(0, half))).headers.get('upload-offset')).toBe(String(half))

    // The connection dropped; the client asks where to carry on.
    const resumed = await head(alice, location)
    expect(resumed.status).toBe(200)
    expect(resumed.headers.get('upload-offset')).toBe(String(half))
    expect(resumed.headers.get('upload-length')).toBe(String(video.length))

    // Not complete yet: nothing to finalise, and the upload stays resumable.
    const early = await finalize(alice, uploadId)
    expect(early.status).toBe(409)
    expect(((await early.json()) as { message: string }).message).toBe(MESSAGES.uploadIncomplete)

    // Someone else cannot see, extend, cancel or finalise it.
    expect((await head(bob, location)).status).toBe(404)
    const bobPatch = await patch(bob, location, half, video.subarray(half))
    expect(bobPatch.status).toBe(404)
    expect(((await bobPatch.json()) as { message: string }).message).toBe(MESSAGES.uploadNotFound)
    const bobDelete = await fetch(new URL(location, base), {
      method: 'DELETE',
      headers: { ...TUS, cookie: bob.cookie },
    })
    expect(bobDelete.status).toBe(404)
    expect((await finalize(bob, uploadId)).status).toBe(404)

    const rest = await patch(alice, location, half, video.subarray(half))
    expect(rest.status).toBe(204)
    expect(rest.headers.get('upload-offset')).toBe(String(video.length))

    const done = await finalize(alice, uploadId)
    expect(done.status).toBe(201)
    media = finalizeUploadResponseSchema.parse(await done.json()).media
    expect(media).toMatchObject({
      originalName: 'Beach day 🌊.mp4',
      contentType: 'video/mp4',
      sizeBytes: video.length,
      width: 1080,
      height: 1920,
      fps: 30,
      durationMs: 2000,
    })
    const [row] = await rowsOf(alice)
    expect(row).toMatchObject({
      id: media.id,
      videoCodec: 'h264',
      audioCodec: 'aac',
      storageKey: `${alice.id}/${media.id}.mp4`,
    })
    expect(await mediaFilesOf(alice)).toEqual([`${media.id}.mp4`])
    expect(await buffer(server.storage.read(`${alice.id}/${media.id}.mp4`))).toEqual(video)
    expect(leftoversOf(uploadId)).toEqual([])

    // Finalised once: the upload is gone.
    expect((await finalize(alice, uploadId)).status).toBe(404)
    expect((await head(alice, location)).status).toBe(404)
  })

  it('serves the file to its owner for previews, whole or by Range, and to no one else', async () => {
    const url = `${base}/api/media/${media.id}/file`
    const s3 = server.s3
    if (s3) {
      // On S3 the owner is sent to a short-lived presigned URL on the bucket (ADR 035); the bytes come from there.
      const redirect = await fetch(url, { headers: { cookie: alice.cookie }, redirect: 'manual' })
      expect(redirect.status).toBe(302)
      expect(redirect.headers.get('location')).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/${alice.id}/`))
      expect(redirect.headers.get('cache-control')).toContain('no-store')
    }
    const whole = await fetch(url, { headers: { cookie: alice.cookie } })
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-type')).toBe('video/mp4')
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    expect(whole.headers.get('content-length')).toBe(String(bytes().length))
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes())

    // HEAD: the app's own answer (on S3 the redirect; a presigned URL is signed for GET only).
    const headOnly = await fetch(url, { method: 'HEAD', headers: { cookie: alice.cookie }, redirect: 'manual' })
    if (s3) expect(headOnly.status).toBe(302)
    else {
      expect(headOnly.status).toBe(200)
      expect(headOnly.headers.get('content-length')).toBe(String(bytes().length))
      expect(headOnly.headers.get('content-type')).toBe('video/mp4')
    }

    const slice = await fetch(url, { headers: { cookie: alice.cookie, range: 'bytes=100-199' } })
    expect(slice.status).toBe(206)
    expect(slice.headers.get('content-range')).toBe(`bytes 100-199/${bytes().length}`)
    expect(Buffer.from(await slice.arrayBuffer())).toEqual(bytes().subarray(100, 200))

    const beyond = await fetch(url, { headers: { cookie: alice.cookie, range: `bytes=${bytes().length}-` } })
    expect(beyond.status).toBe(416)
    if (!s3) expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes().length}`)

    expect((await fetch(url, { headers: { cookie: bob.cookie } })).status).toBe(404)
    const meta = await fetch(`${base}/api/media/${media.id}`, { headers: { cookie: alice.cookie } })
    expect(finalizeUploadResponseSchema.parse(await meta.json()).media).toEqual(media)
  })

  it('refuses to delete a video a post uses (409), then deletes it and its file', async () => {
    const db = server.runtime.database.db
    const [account] = await db
      .insert(tiktokAccount)
      .values({ userId: alice.id, accountName: 'Alice', accountUsername: 'alice' })
      .returning()
    const [scheduled] = await db
      .insert(post)
      .values({
        userId: alice.id,
        accountId: account!.id,
        mediaId: media.id,
        title: 'Beach',
        privacyLevel: 'SELF_ONLY',
        disableComment: false,
        disableDuet: false,
        disableStitch: false,
        scheduledAt: new Date(Date.now() + 86_400_000),
        timeZone: 'Europe/Berlin',
      })
      .returning()
    const url = `${base}/api/media/${media.id}`
    expect((await fetch(url, { method: 'DELETE', headers: { cookie: bob.cookie } })).status).toBe(404)
    const inUse = await fetch(url, { method: 'DELETE', headers: { cookie: alice.cookie } })
    expect(inUse.status).toBe(409)
    expect(((await inUse.json()) as { message: string }).message).toBe(MESSAGES.mediaInUse)
    expect(await mediaFilesOf(alice)).toEqual([`${media.id}.mp4`])

    await db.delete(post).where(eq(post.id, scheduled!.id))
    expect((await fetch(url, { method: 'DELETE', headers: { cookie: alice.cookie } })).status).toBe(204)
    expect(await rowsOf(alice)).toEqual([])
    expect(await mediaFilesOf(alice)).toEqual([])
  })
})

describe('bad uploads: a clear message, nothing stored', () => {
  let carol: User
  beforeAll(async () => {
    carol = await signUp()
  })

  it.each([
    ['a text file renamed .mp4', 'notes.mp4', MESSAGES.notAVideo],
    ['a truncated MP4', 'truncated.mp4', MESSAGES.videoUnreadable],
    ['a truncated MP4 with its index first (+faststart)', 'truncated-faststart.mp4', MESSAGES.videoUnreadable],
    [
      'a 10 fps video',
      'fps10.mp4',
      `${MESSAGES.videoOutsideTiktokLimits}: the frame rate is 10 fps; TikTok needs 23–60 fps`,
    ],
    [
      'a 200 px wide video',
      'small.mp4',
      `${MESSAGES.videoOutsideTiktokLimits}: the picture is 200×356 px; TikTok needs 360–4096 px on each side`,
    ],
  ])('%s', async (_name, name, message) => {
    const user = await signUp()
    const uploadId = await upload(user, file(name), name)
    const res = await finalize(user, uploadId)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe(message)
    expect(await rowsOf(user)).toEqual([])
    expect(await mediaFilesOf(user)).toEqual([])
    expect(leftoversOf(uploadId)).toEqual([])
  })

  it('refuses an announced 501 MB (Upload-Length) at creation with 413, and creates nothing', async () => {
    const before = allUploadFiles()
    const res = await createUpload(carol, 501 * 1024 * 1024)
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.fileTooLarge })
    expect((await createUpload(carol, POST_LIMITS.fileBytes + 1)).status).toBe(413)
    expect(allUploadFiles()).toEqual(before)
  })

  it('takes exactly 500 MB at creation, and the owner can cancel it (tus DELETE)', async () => {
    const res = await createUpload(carol, POST_LIMITS.fileBytes)
    expect(res.status).toBe(201)
    const location = res.headers.get('location')!
    const uploadId = location.split('/').pop()!
    expect(leftoversOf(uploadId)).toEqual([uploadId, `${uploadId}.json`])
    const cancelled = await fetch(new URL(location, base), {
      method: 'DELETE',
      headers: { ...TUS, cookie: carol.cookie },
    })
    expect(cancelled.status).toBe(204)
    expect(leftoversOf(uploadId)).toEqual([])
  })

  it('refuses bytes beyond the announced length with 413', async () => {
    const created = await createUpload(carol, 10)
    const location = created.headers.get('location')!
    const res = await patch(carol, location, 0, new Uint8Array(20))
    expect(res.status).toBe(413)
    expect(JSON.parse(await res.text())).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: MESSAGES.fileTooLarge })
    await fetch(new URL(location, base), { method: 'DELETE', headers: { ...TUS, cookie: carol.cookie } })
  })

  it('forgets uploads never finalised within 24 hours', async () => {
    const created = await createUpload(carol, 1000)
    const location = created.headers.get('location')!
    await patch(carol, location, 0, new Uint8Array(400))
    const sweeper = createUploadStore({ directory: uploadsDir() })
    expect(await sweeper.sweepExpired(new Date(Date.now() + 23 * 3_600_000))).toBe(0)
    expect((await head(carol, location)).headers.get('upload-offset')).toBe('400')
    expect(await sweeper.sweepExpired(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1)
    expect((await head(carol, location)).status).toBe(404)
    expect(leftoversOf(location.split('/').pop()!)).toEqual([])
  })
})

describe('uploads in progress, per user (ADR 021)', () => {
  const MB = 1024 * 1024
  const cancel = (user: User, location: string) =>
    fetch(new URL(location, base), { method: 'DELETE', headers: { ...TUS, cookie: user.cookie } })

  it(`holds ${UPLOAD_LIMITS.concurrent} at once: one more is refused with 429 and the reason, creating nothing`, async () => {
    const erin = await signUp()
    const locations: string[] = []
    for (let i = 0; i < UPLOAD_LIMITS.concurrent; i++) {
      const created = await createUpload(erin, MB)
      expect(created.status).toBe(201)
      locations.push(created.headers.get('location')!)
    }
    // One of them finished (not yet finalised): it still holds its place.
    await patch(erin, locations[0]!, 0, new Uint8Array(MB))
    const before = allUploadFiles()
    const refused = await createUpload(erin, MB)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyUploads })
    expect(allUploadFiles()).toEqual(before)

    // Somebody else is not affected; cancelling one makes room.
    const frank = await signUp()
    expect((await createUpload(frank, MB)).status).toBe(201)
    expect((await cancel(erin, locations[1]!)).status).toBe(204)
    expect((await createUpload(erin, MB)).status).toBe(201)
  })

  it(`holds ${UPLOAD_LIMITS.bytesInFlight / MB} MB announced at once, counting deferred lengths as 500 MB`, async () => {
    const gina = await signUp()
    expect((await createUpload(gina, 400 * MB)).status).toBe(201)
    const deferred = await fetch(`${base}/api/uploads`, {
      method: 'POST',
      headers: { ...TUS, 'upload-defer-length': '1', cookie: gina.cookie },
    })
    expect(deferred.status).toBe(201)
    const refused = await createUpload(gina, 101 * MB)
    expect(refused.status).toBe(429)
    expect(await refused.json()).toEqual({ code: 'RATE_LIMITED', message: MESSAGES.tooManyUploadBytes })
    expect((await createUpload(gina, 100 * MB)).status).toBe(201)
  })

  it('gives the room of an upload idle for over an hour to a new one, deleting it', async () => {
    const hugo = await signUp()
    const first = (await createUpload(hugo, 500 * MB)).headers.get('location')!
    const second = (await createUpload(hugo, 500 * MB)).headers.get('location')!
    expect((await createUpload(hugo, 10 * MB)).status).toBe(429)
    // The first one's browser went away two hours ago.
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000)
    utimesSync(path.join(uploadsDir(), first.split('/').pop()!), twoHoursAgo, twoHoursAgo)
    expect((await createUpload(hugo, 10 * MB)).status).toBe(201)
    expect((await head(hugo, first)).status).toBe(404)
    expect((await head(hugo, second)).status).toBe(200)
  })

  it('refuses a file name with a text-direction override, naming it', async () => {
    const ivan = await signUp()
    const res = await createUpload(ivan, MB, 'clip\u202Egnp.mp4')
    expect(res.status).toBe(400)
    expect(((await res.json()) as { message: string }).message).toBe(
      `“filename” ${MESSAGES.forbiddenCharacter} (U+202E)`,
    )
  })
})

describe('other containers, through the tus-js-client a browser uses', () => {
  let dave: User
  beforeAll(async () => {
    dave = await signUp()
  })

  /** tus-js-client in Node with small chunks; resolves with the upload id. */
  function tusClientUpload(bytes: Buffer, filename: string, filetype: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const client = new tus.Upload(bytes, {
        endpoint: `${base}/api/uploads`,
        chunkSize: 64 * 1024,
        metadata: { filename, filetype },
        headers: { cookie: dave.cookie },
        retryDelays: [],
        onError: reject,
        onSuccess: () => resolve(client.url!.split('/').pop()!),
      })
      client.start()
    })
  }

  it.each([
    ['ok.webm', 'video/webm', { contentType: 'video/webm', width: 360, height: 640, fps: 30, durationMs: 1000 }],
    [
      'ok.mov',
      'video/quicktime',
      { contentType: 'video/quicktime', width: 1080, height: 1920, fps: 30, durationMs: 2000 },
    ],
  ])('%s', async (name, filetype, expected) => {
    const uploadId = await tusClientUpload(file(name), name, filetype)
    const res = await finalize(dave, uploadId)
    expect(res.status).toBe(201)
    const { media } = finalizeUploadResponseSchema.parse(await res.json())
    expect(media).toMatchObject({ originalName: name, ...expected })
    expect(await mediaFilesOf(dave)).toContain(`${media.id}.${name.split('.').pop()}`)
  })
})
