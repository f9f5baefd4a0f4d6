import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCanvas } from '@napi-rs/canvas'
import { eq } from 'drizzle-orm'
import { billingOverviewSchema, PLAN_MESSAGES, planById, TRIAL_PLAN_ID } from '@hookpost/shared'
import { aiImage, createdVideo, mediaFile } from '../../db/schema'
import { inject, signUp } from '../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../testing/media-fixtures'
import { startTestServer, type TestServer } from '../../testing/test-runtime'

/**
 * The storage quota per plan (ADR 058) against the real server and database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL), with the real plan figures. What a person stores is made large by one real video whose row says
 * it is large, so no product path is bypassed: the usage is the live SUM the server reads, and every refusal goes
 * through the routes a browser uses.
 */
let server: TestServer
let fixtureDir = ''
let video = ''

beforeAll(async () => {
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'storage-quota-int-'))
  video = path.join(fixtureDir, 'clip.mp4')
  const made = makeVideo(video, 1)
  server = await startTestServer()
  await made
}, 120_000)
afterAll(async () => {
  await server?.close()
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true })
})

const db = () => server.runtime.database.db
const TRIAL_STORAGE = planById(TRIAL_PLAN_ID).storageBytes

/** A stored video of the person's whose row counts `sizeBytes` (the file itself is a real, small one). */
async function storeLarge(userId: string, sizeBytes: number): Promise<string> {
  const id = await storeMedia(server, userId, video)
  await db().update(mediaFile).set({ sizeBytes }).where(eq(mediaFile.id, id))
  return id
}

async function overview(cookie: string) {
  const res = await inject(server, 'GET', '/api/billing', cookie)
  expect(res.statusCode, res.body).toBe(200)
  return billingOverviewSchema.parse(res.json())
}

const uploadFiles = () => readdirSync(path.join(server.config.dataDir, 'uploads')).filter((n) => n !== '.claimed')

/** A tus creation as Uppy sends it: a known length, or a deferred one. */
function createUpload(cookie: string, length: number | 'deferred') {
  return inject(server, 'POST', '/api/uploads', cookie, undefined, {
    'tus-resumable': '1.0.0',
    ...(length === 'deferred' ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
    'upload-metadata': `filename ${Buffer.from('clip.mp4').toString('base64')}`,
  })
}

function uploadImage(cookie: string) {
  const canvas = createCanvas(64, 64)
  canvas.getContext('2d').fillRect(0, 0, 32, 32)
  return server.runtime.http!.inject({
    method: 'POST',
    url: '/api/images',
    headers: { cookie, 'content-type': 'image/png', 'x-file-name': 'photo.png' },
    payload: canvas.toBuffer('image/png'),
  })
}

describe('the storage quota', () => {
  it('shows the plan figure and the live usage on the billing overview', async () => {
    const me = await signUp(server)
    const empty = await overview(me.cookie)
    expect(empty.limits.storageBytes).toBe(TRIAL_STORAGE)
    expect(empty.usage.storageBytes).toBe(0)
    await storeLarge(me.userId, 3 * 1024 ** 3)
    await uploadImage(me.cookie)
    const [image] = await db().select().from(aiImage).where(eq(aiImage.userId, me.userId))
    expect((await overview(me.cookie)).usage.storageBytes).toBe(3 * 1024 ** 3 + image!.sizeBytes)
  })

  it('refuses an upload past the quota with the message and creates nothing; deleting frees the room', async () => {
    const me = await signUp(server)
    const other = await signUp(server)
    const used = TRIAL_STORAGE - 1000
    const large = await storeLarge(me.userId, used)
    const before = uploadFiles()

    const refused = await createUpload(me.cookie, 2000)
    expect(refused.statusCode, refused.body).toBe(402)
    expect(refused.json()).toEqual({
      code: 'PLAN_LIMIT',
      message: PLAN_MESSAGES.storageLimit(null, TRIAL_STORAGE, used),
    })
    expect(refused.json().message).toBe(
      'Your free trial includes 25 GB of storage and you have used 25.00 GB. Delete videos you no longer need or ' +
        'choose a plan for more.',
    )
    // A deferred length counts as the largest file allowed.
    expect((await createUpload(me.cookie, 'deferred')).statusCode).toBe(402)
    expect(uploadFiles()).toEqual(before)

    // What still fits is taken; then the upload in progress counts too.
    const fits = await createUpload(me.cookie, 600)
    expect(fits.statusCode, fits.body).toBe(201)
    expect((await createUpload(me.cookie, 600)).statusCode).toBe(402)

    // Another person is unaffected.
    expect((await createUpload(other.cookie, 2000)).statusCode).toBe(201)

    // Deleting the large video frees its bytes at once.
    expect((await inject(server, 'DELETE', `/api/media/${large}`, me.cookie)).statusCode).toBe(204)
    expect((await overview(me.cookie)).usage.storageBytes).toBe(0)
    expect((await createUpload(me.cookie, 2000)).statusCode).toBe(201)
  })

  it('refuses images and renders at the quota of the chosen plan, changing nothing', async () => {
    const me = await signUp(server)
    const checkout = await inject(server, 'POST', '/api/billing/checkout', me.cookie, { plan: 'basic' })
    expect(checkout.statusCode, checkout.body).toBe(200)
    const basic = planById('basic').storageBytes
    const source = await storeMedia(server, me.userId, video)
    await storeLarge(me.userId, basic)
    const { usage } = await overview(me.cookie)
    const message = PLAN_MESSAGES.storageLimit('Basic', basic, usage.storageBytes)
    expect(message).toMatch(/^Your Basic plan includes 5 GB of storage and you have used 5\.00 GB\./)

    const image = await uploadImage(me.cookie)
    expect(image.statusCode).toBe(402)
    expect(image.json()).toEqual({ code: 'PLAN_LIMIT', message })
    const render = await inject(server, 'POST', '/api/videos', me.cookie, {
      title: 'Too much',
      sourceMediaId: source,
    })
    expect(render.statusCode, render.body).toBe(402)
    expect(render.json()).toEqual({ code: 'PLAN_LIMIT', message })

    expect(await db().select().from(aiImage).where(eq(aiImage.userId, me.userId))).toEqual([])
    expect(await db().select().from(createdVideo).where(eq(createdVideo.userId, me.userId))).toEqual([])
    expect((await overview(me.cookie)).usage.storageBytes).toBe(usage.storageBytes)
  })
})
