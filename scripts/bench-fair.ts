/**
 * npm run bench:fair (issue 31 item 6, ADR 055): does one person's flood of renders hold up someone else's? A light
 * person's short render is timed alone, then again right after a heavy person (another trial user) queued several long
 * ones — through the HTTP API and the real worker and ffmpeg, as the product runs them, with the plans' rules as they
 * are. Printed: for each case, how long the light render waited to start and how long until it was processed.
 *
 *   node --import tsx scripts/bench-fair.ts [--heavy 6] [--heavy-seconds 30] [--light-seconds 3]
 *     [--pg <admin url>]   (PostgreSQL, a fresh database there; default PGlite)
 *     [--smoke]            (a few seconds: 2 heavy renders of 4 s, a 1 s light one; exits non-zero on a crash)
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, existsSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { createdVideoResponseSchema, type CreatedVideo } from '@hookpost/shared'
import { mediaFile } from '../apps/server/src/db/schema'
import { createRuntime, type Runtime } from '../apps/server/src/entrypoints/runtime'
import { makeVideo } from '../apps/server/src/testing/media-fixtures'
import { signUpBench } from './lib/bench-accounts'
import { benchConfig } from './lib/bench-config'
import { freshPostgres } from './lib/bench-database'
import { reportFigure } from './lib/bench-report'

const { values } = parseArgs({
  options: {
    heavy: { type: 'string', default: '6' },
    'heavy-seconds': { type: 'string', default: '30' },
    'light-seconds': { type: 'string', default: '3' },
    pg: { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
})
const SMOKE = values.smoke
const HEAVY = SMOKE ? 2 : Number(values.heavy)
const HEAVY_SECONDS = SMOKE ? 4 : Number(values['heavy-seconds'])
const LIGHT_SECONDS = SMOKE ? 1 : Number(values['light-seconds'])
for (const [name, value] of [
  ['--heavy', HEAVY],
  ['--heavy-seconds', HEAVY_SECONDS],
  ['--light-seconds', LIGHT_SECONDS],
] as const) {
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`)
}
const CACHE = path.join(tmpdir(), 'hookpost-bench-fair')
const POLL_MS = 100
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`

interface Person {
  cookie: string
  userId: string
}

/** A clip of `seconds`, made once and kept in the temp folder. */
async function clip(seconds: number): Promise<string> {
  mkdirSync(CACHE, { recursive: true })
  const file = path.join(CACHE, `clip-${seconds}s.mp4`)
  if (!existsSync(file)) await makeVideo(file, { seconds })
  return file
}

/** The clip as one of the person's media files, stored as the app stores uploads once checked. */
async function storeClip(runtime: Runtime, who: Person, file: string, seconds: number): Promise<string> {
  const id = crypto.randomUUID()
  const storageKey = `${who.userId}/${id}.mp4`
  await runtime.mediaStorage.copyIn(file, storageKey)
  await runtime.database.db.insert(mediaFile).values({
    id,
    userId: who.userId,
    originalName: path.basename(file),
    storageKey,
    contentType: 'video/mp4',
    sizeBytes: statSync(file).size,
    durationMs: seconds * 1000,
    width: 720,
    height: 1280,
    fps: 30,
    videoCodec: 'h264',
    audioCodec: 'aac',
  })
  return id
}

async function createVideo(http: FastifyInstance, who: Person, mediaId: string, title: string): Promise<string> {
  const res = await http.inject({
    method: 'POST',
    url: '/api/videos',
    headers: { cookie: who.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify({ title, sourceMediaId: mediaId }),
  })
  if (res.statusCode !== 201) throw new Error(`POST /api/videos answered ${res.statusCode}: ${res.body}`)
  return createdVideoResponseSchema.parse(res.json()).video.id
}

async function videoState(http: FastifyInstance, who: Person, id: string): Promise<CreatedVideo> {
  const res = await http.inject({ method: 'GET', url: `/api/videos/${id}`, headers: { cookie: who.cookie } })
  if (res.statusCode !== 200) throw new Error(`GET /api/videos/${id} answered ${res.statusCode}: ${res.body}`)
  return createdVideoResponseSchema.parse(res.json()).video
}

/** Polls the video until it is processed: when it left `queued` and when it was done, in ms since `since`. */
async function timeRender(http: FastifyInstance, who: Person, id: string, since: number) {
  let started: number | null = null
  const deadline = since + 15 * 60_000
  for (;;) {
    const video = await videoState(http, who, id)
    if (started === null && video.state !== 'queued') started = performance.now() - since
    if (video.state === 'processed')
      return { wait: started ?? performance.now() - since, done: performance.now() - since }
    if (video.state === 'failed') throw new Error(`render ${id} failed: ${video.errorMessage}`)
    if (performance.now() > deadline) throw new Error(`render ${id} still ${video.state} after 15 minutes`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-fair-'))
  // Read here, not through config/: a bench's own flag, like the tests' TEST_DATABASE_URL.
  const adminUrl = values.pg
  const database = adminUrl ? await freshPostgres(adminUrl, `hookpost_bench_fair_${process.pid}`) : undefined
  let runtime: Runtime | undefined
  const errors: string[] = []
  try {
    const config = benchConfig(dir, database?.url)
    const log = { info: () => undefined, warn: () => undefined, error: (msg: string) => void errors.push(msg) }
    runtime = await createRuntime({ mode: 'all', config, log, httpLogger: false, prepareStock: false })
    const http = runtime.http!
    console.log(
      `bench:fair — a light person's ${LIGHT_SECONDS} s render, alone and behind ${HEAVY} × ${HEAVY_SECONDS} s renders of` +
        ` another trial user · database ${runtime.database.kind} · load ${loadavg()[0]!.toFixed(1)}`,
    )
    const [lightFile, heavyFile] = await Promise.all([clip(LIGHT_SECONDS), clip(HEAVY_SECONDS)])
    const light = await signUpBench(http, 'light@example.com')
    const heavy = await signUpBench(http, 'heavy@example.com')
    const lightMedia = await storeClip(runtime, light, lightFile, LIGHT_SECONDS)
    const heavyMedia = await storeClip(runtime, heavy, heavyFile, HEAVY_SECONDS)

    // Alone: the queue is empty.
    let since = performance.now()
    const alone = await timeRender(http, light, await createVideo(http, light, lightMedia, 'Light, alone'), since)
    console.log(
      `  light alone                  waited ${s(alone.wait).padStart(7)} to start, processed after ${s(alone.done)}`,
    )

    // Behind the flood: every heavy render queued, the first one running, then the light one.
    const heavyIds: string[] = []
    for (let i = 1; i <= HEAVY; i++) heavyIds.push(await createVideo(http, heavy, heavyMedia, `Heavy ${i}`))
    const floodStarted = performance.now()
    while ((await videoState(http, heavy, heavyIds[0]!)).state === 'queued') {
      if (performance.now() - floodStarted > 60_000) throw new Error('the first heavy render did not start in 60 s')
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
    since = performance.now()
    const behind = await timeRender(http, light, await createVideo(http, light, lightMedia, 'Light, behind'), since)
    const heavyLeft = (await Promise.all(heavyIds.map((id) => videoState(http, heavy, id)))).filter(
      (v) => v.state !== 'processed',
    ).length
    console.log(
      `  light behind the flood       waited ${s(behind.wait).padStart(7)} to start, processed after ${s(behind.done)}` +
        ` (${heavyLeft} of the heavy person's ${HEAVY} renders not done yet)`,
    )
    console.log(
      `  wait to start: ${s(alone.wait)} alone, ${s(behind.wait)} behind the flood · processed: ${s(alone.done)} → ` +
        `${s(behind.done)} (× ${(behind.done / alone.done).toFixed(2)}; the two renders share the cores)`,
    )
    reportFigure('fair.light_wait_alone_s', alone.wait / 1000)
    reportFigure('fair.light_wait_behind_s', behind.wait / 1000)
    reportFigure('fair.light_done_ratio', behind.done / alone.done)
    if (errors.length > 0) throw new Error(`the server logged ${errors.length} errors, first: ${errors[0]}`)
  } finally {
    await runtime?.stop()
    await database?.drop()
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
