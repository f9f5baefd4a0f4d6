import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import { openDatabase } from '../../db/client'
import { post } from '../../db/schema'
import { createRuntime } from '../../entrypoints/runtime'
import { writeSparseMp4 } from '../../integrations/tiktok/testing/sandbox-session'
import { storeMedia } from '../../testing/media-fixtures'
import { eventually } from '../../testing/test-runtime'
import type { PublishingSettings } from './post-state-machine'
import { TEST_PUBLISHING_SETTINGS, usePostsServer } from './testing/publishing-int-context'
import { inSeconds, postInput, sandboxVideos } from './testing/publishing-test-kit'

/**
 * A real crash in the middle of an upload to TikTok (issue 18, ADR 019): the server runs as its own process, as `npm
 * start` runs it, and is killed with SIGKILL once TikTok holds part of the video; then it is started again. The post
 * must end published exactly once (or failed with a message) within 2 minutes, never `publishing` for half an hour.
 */
const SETTINGS: Partial<PublishingSettings> = { ...TEST_PUBLISHING_SETTINGS, uploadLeaseMs: 1_000 }
/** Seven 10 MB chunks (tiktok-api.md §3.5: over 64 MB is always several chunks), so the kill can fall between two of them. */
const VIDEO_BYTES = 70_000_000
const CHUNK_BYTES = 10_000_000
const REPO_ROOT = path.resolve(import.meta.dirname, '../../../../..')
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined }

const { world, person, until } = usePostsServer(SETTINGS)
let fixtures = ''
let bigVideo = ''

beforeAll(async () => {
  fixtures = mkdtempSync(path.join(tmpdir(), 'posts-crash-'))
  bigVideo = path.join(fixtures, 'long.mp4')
  // Sparse: written at once; the test sandbox checks an upload by its magic bytes only.
  await writeSparseMp4(bigVideo, VIDEO_BYTES)
})
afterAll(() => {
  if (fixtures) rmSync(fixtures, { recursive: true, force: true })
})

async function freePort(): Promise<number> {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

/** The server as `npm start` runs it (apps/server/src/entrypoints/start.ts), on the test's data and sandbox. */
async function serverProcess(config: Config): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/entrypoints/start.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: config.dataDir,
      PUBLIC_URL: config.publicUrl,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(config.dataDir, 'no-web'),
      ...world.sandbox.env,
      ...(config.database.kind === 'postgres' ? { DATABASE_URL: config.database.url } : {}),
    },
  })
  let output = ''
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return { child, output: () => output }
}

describe('the server process killed (SIGKILL) in the middle of an upload to TikTok', () => {
  it('is started again: the upload continues where TikTok got to, and the post is published exactly once', async () => {
    const me = await person()
    const mediaId = await storeMedia(world.server, me.userId, bigVideo, { originalName: 'long.mp4' })
    const p = await world.server.runtime.posts.scheduleAt(
      me.userId,
      postInput({ ...me, mediaId, scheduledAt: inSeconds(3600) }),
    )
    const { config } = world.server
    await world.server.runtime.stop()

    // Due a minute ago with its job gone (as after a restored backup): the new process's first sweep sends it.
    const database = await openDatabase(config.database)
    try {
      await database.db
        .update(post)
        .set({ scheduledAt: new Date(Date.now() - 60_000) })
        .where(eq(post.id, p.id))
      await database.db.execute(sql`delete from pgboss.job where name = 'post.publish' and singleton_key = ${p.id}`)
    } finally {
      await database.close()
    }

    // Each chunk waits 1.5 s at TikTok's door, so the kill lands between two chunks or inside one.
    await world.sandbox.admin('PUT', '/sandbox/admin/faults', { latency_ms: 1_500, paths: ['/upload/'] })
    const server = await serverProcess(config)
    try {
      const partial = await eventually(async () => {
        if (server.child.exitCode !== null) throw new Error(`the server process exited:\n${server.output()}`)
        const [video] = await sandboxVideos(world.sandbox, me.openId)
        return video && video.received_bytes >= CHUNK_BYTES ? video : undefined
      }, 90_000)
      server.child.kill('SIGKILL')
      await once(server.child, 'exit')
      const killedAt = Date.now()
      expect(server.child.signalCode).toBe('SIGKILL')
      const [atKill] = await sandboxVideos(world.sandbox, me.openId)
      expect(atKill?.received_bytes).toBeLessThan(VIDEO_BYTES)
      expect(atKill?.status).toBe('PROCESSING_UPLOAD')
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')

      // Started again (here, so the test can read the database). On PGlite everything in flight is an orphan at start;
      // on PostgreSQL an upload silent for an upload lease is (the next minute's sweep otherwise).
      if (config.database.kind === 'postgres') await new Promise((r) => setTimeout(r, SETTINGS.uploadLeaseMs! + 200))
      world.server.runtime = await createRuntime({
        mode: 'all',
        config,
        log: silent,
        httpLogger: false,
        posts: SETTINGS,
        prepareStock: false,
      })

      const done = await until(p.id, ['uploaded', 'failed', 'unconfirmed'], 120_000)
      expect(Date.now() - killedAt).toBeLessThan(120_000)
      expect(done).toMatchObject({ state: 'uploaded', errorMessage: null, publishId: partial.publish_id })
      const videos = await sandboxVideos(world.sandbox, me.openId)
      expect(videos.map((v) => [v.publish_id, v.status, v.received_bytes, v.video_size])).toEqual([
        [partial.publish_id, 'PUBLISH_COMPLETE', VIDEO_BYTES, VIDEO_BYTES],
      ])
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL')
      await world.sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
  }, 240_000)
})
