/**
 * npm run bench:fair (issue 31 item 6, ADR 055, ADR 059): does one person's flood hold up someone else's work? Three
 * parts, through the HTTP API and the real worker, ffmpeg and canvas, as the product runs them, with the plans' rules
 * as they are:
 * - a light person's short video render, alone and right after a heavy person (another trial user) queued several
 *   long ones: how long it waited to start and until it was processed;
 * - the same with slideshows (a short one behind a flood of long ones; scripts/lib/bench-fair-slideshows.ts);
 * - a light person's AI calls, alone and while other people keep every AI slot of the process and their waiting lines
 *   full (scripts/lib/bench-fair-ai.ts). The server's AI_BASE_URL points at a local OpenAI-compatible service that
 *   answers after a fixed delay — the real provider's path, not a hook of the bench's.
 *
 *   node --import tsx scripts/bench-fair.ts [--heavy 6] [--heavy-seconds 30] [--light-seconds 3]
 *     [--slideshows 6] [--heavy-slides 20] [--light-slides 3] [--ai-delay-ms 1000] [--ai-calls 3] [--ai-flooders 2]
 *     [--pg <admin url>]   (PostgreSQL, a fresh database there; default PGlite)
 *     [--smoke]            (a few seconds: 2 heavy renders of 4 s, a 1 s light one; 2 × 4 slides, 2 light slides;
 *                           AI answers after 200 ms, 2 light calls; exits non-zero on a crash)
 */
import { mkdirSync, mkdtempSync, rmSync, statSync, existsSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { FastifyInstance } from 'fastify'
import { createdVideoResponseSchema, type CreatedVideo } from '@hookpost/shared'
import { mediaFile } from '../apps/server/src/db/schema'
import { createRuntime, type Runtime } from '../apps/server/src/entrypoints/runtime'
import { startFakeOpenAi } from '../apps/server/src/testing/fake-openai'
import { makeVideo } from '../apps/server/src/testing/media-fixtures'
import { signUpBench } from './lib/bench-accounts'
import { benchConfig } from './lib/bench-config'
import { freshPostgres } from './lib/bench-database'
import { BENCH_HOOKS, benchAiCalls, median } from './lib/bench-fair-ai'
import { benchSlideshows, type Person } from './lib/bench-fair-slideshows'
import { postAs, timeUntilProcessed, untilStarted } from './lib/bench-fair-timing'
import { reportFigure } from './lib/bench-report'

const { values } = parseArgs({
  options: {
    heavy: { type: 'string', default: '6' },
    'heavy-seconds': { type: 'string', default: '30' },
    'light-seconds': { type: 'string', default: '3' },
    slideshows: { type: 'string', default: '6' },
    'heavy-slides': { type: 'string', default: '20' },
    'light-slides': { type: 'string', default: '3' },
    'ai-delay-ms': { type: 'string', default: '1000' },
    'ai-calls': { type: 'string', default: '3' },
    'ai-flooders': { type: 'string', default: '2' },
    pg: { type: 'string' },
    smoke: { type: 'boolean', default: false },
  },
})
const SMOKE = values.smoke
const HEAVY = SMOKE ? 2 : Number(values.heavy)
const HEAVY_SECONDS = SMOKE ? 4 : Number(values['heavy-seconds'])
const LIGHT_SECONDS = SMOKE ? 1 : Number(values['light-seconds'])
const SLIDESHOWS = SMOKE ? 2 : Number(values.slideshows)
const HEAVY_SLIDES = SMOKE ? 4 : Number(values['heavy-slides'])
const LIGHT_SLIDES = SMOKE ? 2 : Number(values['light-slides'])
const AI_DELAY_MS = SMOKE ? 200 : Number(values['ai-delay-ms'])
const AI_CALLS = SMOKE ? 2 : Number(values['ai-calls'])
const AI_FLOODERS = Number(values['ai-flooders'])
for (const [name, value] of [
  ['--heavy', HEAVY],
  ['--heavy-seconds', HEAVY_SECONDS],
  ['--light-seconds', LIGHT_SECONDS],
  ['--slideshows', SLIDESHOWS],
  ['--heavy-slides', HEAVY_SLIDES],
  ['--light-slides', LIGHT_SLIDES],
  ['--ai-delay-ms', AI_DELAY_MS],
  ['--ai-calls', AI_CALLS],
  ['--ai-flooders', AI_FLOODERS],
] as const) {
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number`)
}
const CACHE = path.join(tmpdir(), 'hookpost-bench-fair')
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`

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
  const res = await postAs(http, who, '/api/videos', { title, sourceMediaId: mediaId })
  if (res.statusCode !== 201) throw new Error(`POST /api/videos answered ${res.statusCode}: ${res.body}`)
  return createdVideoResponseSchema.parse(res.json()).video.id
}

async function videoState(http: FastifyInstance, who: Person, id: string): Promise<CreatedVideo> {
  const res = await http.inject({ method: 'GET', url: `/api/videos/${id}`, headers: { cookie: who.cookie } })
  if (res.statusCode !== 200) throw new Error(`GET /api/videos/${id} answered ${res.statusCode}: ${res.body}`)
  return createdVideoResponseSchema.parse(res.json()).video
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-fair-'))
  // Read here, not through config/: a bench's own flag, like the tests' TEST_DATABASE_URL.
  const adminUrl = values.pg
  const database = adminUrl ? await freshPostgres(adminUrl, `hookpost_bench_fair_${process.pid}`) : undefined
  let runtime: Runtime | undefined
  const provider = await startFakeOpenAi({
    defaultReply: { chat: JSON.stringify({ hooks: BENCH_HOOKS }) },
    delayMs: AI_DELAY_MS,
  })
  const errors: string[] = []
  try {
    // The AI as it is configured for a real provider (ADR 016): one environment variable, and the model's name.
    const config = benchConfig(dir, database?.url, { AI_BASE_URL: provider.baseUrl, AI_MODEL: 'bench-model' })
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
    const timeRender = async (title: string) => {
      const since = performance.now()
      const id = await createVideo(http, light, lightMedia, title)
      return timeUntilProcessed(`render ${title}`, () => videoState(http, light, id), since)
    }
    const alone = await timeRender('Light, alone')
    console.log(
      `  light alone                  waited ${s(alone.wait).padStart(7)} to start, processed after ${s(alone.done)}`,
    )

    // Behind the flood: every heavy render queued, the first one running, then the light one.
    const heavyIds: string[] = []
    for (let i = 1; i <= HEAVY; i++) heavyIds.push(await createVideo(http, heavy, heavyMedia, `Heavy ${i}`))
    await untilStarted('the first heavy render', () => videoState(http, heavy, heavyIds[0]!))
    const behind = await timeRender('Light, behind')
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
    // The rest of the flood first: the next parts time their own floods, not this one.
    for (const id of heavyIds) {
      await timeUntilProcessed(`heavy render ${id}`, () => videoState(http, heavy, id), performance.now())
    }

    console.log(
      `  slideshows: a light person's ${LIGHT_SLIDES}-slide slideshow, alone and behind ${SLIDESHOWS} × ` +
        `${HEAVY_SLIDES} slides of the heavy person`,
    )
    const shows = await benchSlideshows(
      runtime,
      { light, heavy },
      { heavy: SLIDESHOWS, heavySlides: HEAVY_SLIDES, lightSlides: LIGHT_SLIDES },
    )
    console.log(
      `  slideshow alone              waited ${s(shows.alone.wait).padStart(7)} to start, processed after ` +
        `${s(shows.alone.done)}`,
    )
    console.log(
      `  slideshow behind the flood   waited ${s(shows.behind.wait).padStart(7)} to start, processed after ` +
        `${s(shows.behind.done)} (× ${(shows.behind.done / shows.alone.done).toFixed(2)}; ${shows.heavyLeft} of the ` +
        `heavy person's ${SLIDESHOWS} not done yet)`,
    )
    reportFigure('fair.slideshow_wait_alone_s', shows.alone.wait / 1000)
    reportFigure('fair.slideshow_wait_behind_s', shows.behind.wait / 1000)
    reportFigure('fair.slideshow_done_ratio', shows.behind.done / shows.alone.done)

    const flooders = [heavy]
    for (let i = 1; i < AI_FLOODERS; i++) flooders.push(await signUpBench(http, `flood-${i}@example.com`))
    console.log(
      `  AI: a light person's ${AI_CALLS} hook requests one after another, alone and while ${AI_FLOODERS} other ` +
        `people flood the AI (a provider answering after ${AI_DELAY_MS} ms)`,
    )
    const ai = await benchAiCalls(runtime, { light, flooders }, { lightCalls: AI_CALLS, retryMs: AI_DELAY_MS })
    const ms = (values: number[]) => values.map((v) => `${Math.round(v)} ms`).join(', ')
    console.log(`  AI calls alone               ${ms(ai.alone)}`)
    console.log(
      `  AI calls behind the flood    ${ms(ai.behind)} (the process's slots: ${ai.busy.running} running, ` +
        `${ai.busy.waiting} waiting; flood: ${ai.counts.answered} answered, ${ai.counts.lineFull} refused with a full ` +
        `waiting line, ${ai.counts.rateLimited} over the per-minute rate)`,
    )
    reportFigure('fair.ai_light_alone_ms', median(ai.alone))
    reportFigure('fair.ai_light_behind_ms', median(ai.behind))
    reportFigure('fair.ai_light_ratio', median(ai.behind) / median(ai.alone))
    if (errors.length > 0) throw new Error(`the server logged ${errors.length} errors, first: ${errors[0]}`)
  } finally {
    await runtime?.stop()
    await provider.close()
    await database?.drop()
    rmSync(dir, { recursive: true, force: true })
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
