import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { instantToZoned, type PostState } from '@hookpost/shared'
import { post } from '../../../db/schema'
import { signUp } from '../../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../../testing/media-fixtures'
import { eventually, startTestServer, type TestServer } from '../../../testing/test-runtime'
import { startTestSandbox, type TestSandbox } from '../../../testing/tiktok-sandbox'
import type { PublishingSettings } from '../post-state-machine'
import { connectCreator } from './publishing-test-kit'

/** The publishing engine's deadlines and back-offs, shortened for tests; everything else is as in production. */
export const TEST_PUBLISHING_SETTINGS: Partial<PublishingSettings> = {
  pollBaseMs: 300,
  pollMaxMs: 1_000,
  retryBaseMs: 300,
  unconfirmedAfterMs: 4_000,
  dueGraceMs: 1_000,
  stopGraceMs: 200,
}

/**
 * One posts integration file's world: the TikTok sandbox over HTTP (with `sandboxOptions`), a whole server on a fresh
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL) with the engine's deadlines shortened (and `settings` over
 * them), a real 3 s clip, and the steps the tests share. Call it at the top of the file: it registers the file's
 * beforeAll and afterAll.
 */
export function usePostsServer(
  settings: Partial<PublishingSettings> = {},
  sandboxOptions: Parameters<typeof startTestSandbox>[0] = {},
) {
  const world = {} as { server: TestServer; sandbox: TestSandbox; video: string }
  let fixtureDir = ''

  beforeAll(async () => {
    fixtureDir = mkdtempSync(path.join(tmpdir(), 'posts-int-'))
    world.video = path.join(fixtureDir, 'clip.mp4')
    const made = makeVideo(world.video)
    world.sandbox = await startTestSandbox(sandboxOptions)
    world.server = await startTestServer(world.sandbox.env, { posts: { ...TEST_PUBLISHING_SETTINGS, ...settings } })
    await made
  })
  afterAll(async () => {
    await world.server?.close()
    await world.sandbox?.close()
    if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true })
  })

  const db = () => world.server.runtime.database.db

  type Creator = Parameters<TestSandbox['createCreator']>[0] & Record<string, unknown>

  /** A new sandbox creator (with `creator`'s settings) connected to the signed-in person of `cookie`. */
  async function connectNewCreator(cookie: string, creator: Creator = {}) {
    const { server, sandbox } = world
    const { open_id: openId, username } = await sandbox.createCreator(creator)
    const extra = Object.fromEntries(
      Object.entries(creator).filter(([k]) => !['display_name', 'username', 'is_private'].includes(k)),
    )
    if (Object.keys(extra).length > 0) await sandbox.admin('PATCH', `/sandbox/admin/creators/${openId}`, extra)
    const accountId = await connectCreator(server, sandbox, cookie, openId)
    return { openId, accountId, username }
  }

  /** A signed-in person with one connected sandbox creator and one uploaded video. */
  async function person(creator: Creator = {}) {
    const { cookie, userId } = await signUp(world.server)
    const { openId, accountId } = await connectNewCreator(cookie, creator)
    const mediaId = await storeMedia(world.server, userId, world.video)
    return { cookie, userId, openId, accountId, mediaId }
  }

  async function row(id: string) {
    const [found] = await db().select().from(post).where(eq(post.id, id))
    return found
  }

  async function until(id: string, states: PostState[], ms = 20_000) {
    return eventually(async () => {
      const found = await row(id)
      return found && states.includes(found.state) ? found : undefined
    }, ms)
  }

  async function publishJobs(postId: string) {
    const result = await db().execute(
      sql`select state, start_after from pgboss.job where name = 'post.publish' and singleton_key = ${postId}`,
    )
    return (result as unknown as { rows: { state: string; start_after: Date | string }[] }).rows
  }

  return { world, db, person, connectNewCreator, row, until, publishJobs }
}

/** The form's date and time for an instant, in UTC. */
export function formAt(instant: Date, zone = 'UTC') {
  const { date, time } = instantToZoned(instant, zone)
  return { date, time, timeZone: zone }
}

export function formBody(who: { accountId: string; mediaId: string }, overrides: Record<string, unknown> = {}) {
  return {
    accountId: who.accountId,
    mediaId: who.mediaId,
    title: 'Launch day',
    description: 'We are live #launch',
    privacyLevel: 'SELF_ONLY',
    allowComment: true,
    allowDuet: true,
    allowStitch: false,
    ...formAt(new Date(Date.now() + 2 * 86_400_000)),
    ...overrides,
  }
}
