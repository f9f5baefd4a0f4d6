import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { MESSAGES, OVERLAY_DEFAULTS } from '@hookpost/shared'
import { automationRun, automationSlot } from '../../db/schema'
import { sha256Hex } from '../../lib/crypto'
import { inject, signUp } from '../../testing/http-test-kit'
import { makeVideo, storeMedia } from '../../testing/media-fixtures'
import { cookieHeader, eventually, startTestServer, type TestServer } from '../../testing/test-runtime'
import { startTestSandbox, type TestSandbox } from '../../testing/tiktok-sandbox'
import { formBody } from '../publishing/testing/publishing-int-context'
import { connectCreator } from '../publishing/testing/publishing-test-kit'

/** Issue 18 item 10: account self-service on the Profile page, against a real database and the TikTok sandbox. */

let server: TestServer
let sandbox: TestSandbox
let fixtureDir = ''
let clip = ''
const PASSWORD = 'correct horse 1'

beforeAll(async () => {
  fixtureDir = mkdtempSync(path.join(tmpdir(), 'account-int-'))
  clip = path.join(fixtureDir, 'clip.mp4')
  const made = makeVideo(clip)
  sandbox = await startTestSandbox()
  server = await startTestServer({ ...sandbox.env, AUTH_RATE_LIMIT_MAX: '1000' })
  await made
})
afterAll(async () => {
  await server?.close()
  await sandbox?.close()
  if (fixtureDir) rmSync(fixtureDir, { recursive: true, force: true })
})

const db = () => server.runtime.database.db
async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db().execute(query)) as unknown as { rows: T[] }).rows
}

async function emailOf(cookie: string): Promise<string> {
  const res = await inject(server, 'GET', '/api/profile', cookie)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<{ email: string }>().email
}

type Mail = { to: string; subject: string; text: string; status: string }
async function mailsTo(email: string, subject: string): Promise<Mail[]> {
  const res = await server.runtime.http!.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '127.0.0.1' })
  return res.json<{ mails: Mail[] }>().mails.filter((m) => m.to === email && m.subject === subject)
}
/** The token of the newest delivered mail to `email` with `subject`, once there are `count` of them. */
async function tokenFrom(email: string, subject: string, count = 1): Promise<string> {
  const mails = await eventually(async () => {
    const sent = (await mailsTo(email, subject)).filter((m) => m.status === 'sent')
    return sent.length >= count ? sent : undefined
  })
  const match = /\?token=(\S+)/.exec(mails[0]!.text)
  if (!match?.[1]) throw new Error(`no link in: ${mails[0]!.text}`)
  return decodeURIComponent(match[1])
}

function signIn(email: string, password: string) {
  return inject(server, 'POST', '/api/auth/sign-in', undefined, { email, password, rememberMe: true })
}

describe('change password', () => {
  it('needs the current password, refuses a common one, ends every other session and keeps this one', async () => {
    const me = await signUp(server)
    const email = await emailOf(me.cookie)
    const phone = cookieHeader((await signIn(email, PASSWORD)).headers['set-cookie'])
    expect((await inject(server, 'GET', '/api/profile', phone)).statusCode).toBe(200)
    expect((await inject(server, 'POST', '/api/auth/forgot-password', undefined, { email })).statusCode).toBe(200)
    const resetToken = await tokenFrom(email, 'Reset your Hookpost password')

    const change = (body: Record<string, string>) => inject(server, 'POST', '/api/account/password', me.cookie, body)
    const wrong = await change({
      currentPassword: 'not it at all',
      password: 'brand new pass 9',
      confirmPassword: 'brand new pass 9',
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: MESSAGES.currentPasswordWrong,
      details: [{ path: 'currentPassword', message: MESSAGES.currentPasswordWrong }],
    })
    const common = await change({ currentPassword: PASSWORD, password: 'Sunshine1', confirmPassword: 'Sunshine1' })
    expect(common.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGES.passwordTooCommon })
    // Nothing changed so far: the other device is still signed in.
    expect((await inject(server, 'GET', '/api/profile', phone)).statusCode).toBe(200)

    const done = await change({
      currentPassword: PASSWORD,
      password: 'brand new pass 9',
      confirmPassword: 'brand new pass 9',
    })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json()).toEqual({ message: MESSAGES.passwordChanged })
    const renewed = cookieHeader(done.headers['set-cookie'])
    expect(renewed).toMatch(/hookpost\.session_token=/)

    // This browser stays signed in with its renewed cookie; the other device is out.
    expect((await inject(server, 'GET', '/api/profile', renewed)).statusCode).toBe(200)
    const other = await inject(server, 'GET', '/api/profile', phone)
    expect(other.statusCode).toBe(401)
    expect(other.json()).toEqual({ code: 'UNAUTHENTICATED', message: MESSAGES.notAuthenticated })
    const sessions = await rows<{ n: number }>(sql`select count(*)::int as n from session where user_id = ${me.userId}`)
    expect(Number(sessions[0]?.n)).toBe(1)

    expect((await signIn(email, PASSWORD)).statusCode).toBe(401)
    expect((await signIn(email, 'brand new pass 9')).statusCode).toBe(200)
    // A reset link mailed before the change no longer works.
    const reset = await inject(server, 'POST', '/api/auth/reset-password', undefined, {
      token: resetToken,
      password: 'third pass 99',
      confirmPassword: 'third pass 99',
    })
    expect(reset.json()).toEqual({ code: 'INVALID_TOKEN', message: MESSAGES.resetTokenInvalid })
  })

  it('is only for a signed-in person', async () => {
    const res = await inject(server, 'POST', '/api/account/password', undefined, {
      currentPassword: PASSWORD,
      password: 'brand new pass 9',
      confirmPassword: 'brand new pass 9',
    })
    expect(res.statusCode).toBe(401)
  })
})

describe('email verification', () => {
  it('mails a link on sign-up; opening it marks the address verified; nothing is blocked meanwhile', async () => {
    const me = await signUp(server)
    const email = await emailOf(me.cookie)
    expect((await inject(server, 'GET', '/api/profile', me.cookie)).json()).toMatchObject({ emailVerified: false })
    // Not verified yet, and signing in works all the same.
    expect((await signIn(email, PASSWORD)).statusCode).toBe(200)

    const token = await tokenFrom(email, 'Confirm your Hookpost email address')
    const bad = await inject(server, 'POST', '/api/auth/verify-email', undefined, { token: `${token}x` })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ code: 'INVALID_TOKEN', message: MESSAGES.verificationLinkInvalid })

    // Opened in any browser, signed in or not.
    const ok = await inject(server, 'POST', '/api/auth/verify-email', undefined, { token })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toEqual({ message: MESSAGES.emailVerified })
    expect((await inject(server, 'GET', '/api/profile', me.cookie)).json()).toMatchObject({ emailVerified: true })

    const again = await inject(server, 'POST', '/api/account/verification-email', me.cookie)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toMatchObject({ message: MESSAGES.emailAlreadyVerified })
  })

  it('resends the link at most 3 times an hour', async () => {
    const me = await signUp(server)
    const email = await emailOf(me.cookie)
    for (let i = 0; i < 3; i++) {
      const res = await inject(server, 'POST', '/api/account/verification-email', me.cookie)
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json()).toEqual({ message: `We sent a new confirmation link to ${email}.` })
    }
    expect((await inject(server, 'POST', '/api/account/verification-email', me.cookie)).statusCode).toBe(429)
    // The newest link works.
    const token = await tokenFrom(email, 'Confirm your Hookpost email address', 4)
    expect((await inject(server, 'POST', '/api/auth/verify-email', undefined, { token })).statusCode).toBe(200)
  })
})

describe('change email', () => {
  it('changes the address only when the link mailed to the new one is opened, and tells the old one', async () => {
    const me = await signUp(server)
    const oldEmail = await emailOf(me.cookie)
    const taken = await emailOf((await signUp(server)).cookie)
    const newEmail = `moved-${Date.now()}@example.com`
    const change = (body: Record<string, string>) => inject(server, 'POST', '/api/account/email', me.cookie, body)

    const same = await change({ email: oldEmail.toUpperCase(), currentPassword: PASSWORD })
    expect(same.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGES.emailSameAsCurrent })
    const wrong = await change({ email: newEmail, currentPassword: 'not it at all' })
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: MESSAGES.currentPasswordWrong })
    const inUse = await change({ email: taken, currentPassword: PASSWORD })
    expect(inUse.statusCode).toBe(409)
    expect(inUse.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: MESSAGES.emailInUse })

    const asked = await change({ email: newEmail, currentPassword: PASSWORD })
    expect(asked.statusCode, asked.body).toBe(200)
    expect(asked.json().message).toContain(newEmail)
    // Nothing changes until the link is opened.
    expect(await emailOf(me.cookie)).toBe(oldEmail)
    expect((await signIn(oldEmail, PASSWORD)).statusCode).toBe(200)

    const token = await tokenFrom(newEmail, 'Confirm your new Hookpost email address')
    const confirmed = await inject(server, 'POST', '/api/auth/verify-email', me.cookie, { token })
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json()).toEqual({ message: MESSAGES.emailChanged })
    expect((await inject(server, 'GET', '/api/profile', me.cookie)).json()).toMatchObject({
      email: newEmail,
      emailVerified: true,
    })
    expect((await signIn(oldEmail, PASSWORD)).statusCode).toBe(401)
    expect((await signIn(newEmail, PASSWORD)).statusCode).toBe(200)
    const notice = await eventually(async () => (await mailsTo(oldEmail, 'Your Hookpost email address was changed'))[0])
    expect(notice.text).toContain(newEmail)
    // The link works once.
    const reused = await inject(server, 'POST', '/api/auth/verify-email', undefined, { token })
    expect(reused.json()).toEqual({ code: 'INVALID_TOKEN', message: MESSAGES.verificationLinkInvalid })
  })

  it('refuses the link when someone took the address meanwhile', async () => {
    const me = await signUp(server)
    const newEmail = `contested-${Date.now()}@example.com`
    const asked = await inject(server, 'POST', '/api/account/email', me.cookie, {
      email: newEmail,
      currentPassword: PASSWORD,
    })
    expect(asked.statusCode, asked.body).toBe(200)
    const token = await tokenFrom(newEmail, 'Confirm your new Hookpost email address')
    const squatter = await inject(server, 'POST', '/api/auth/sign-up', undefined, {
      email: newEmail,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      acceptTerms: true,
    })
    expect(squatter.statusCode).toBe(200)
    const res = await inject(server, 'POST', '/api/auth/verify-email', undefined, { token })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ message: MESSAGES.emailInUse })
  })
})

describe('delete my account', () => {
  /** A person with something in every part of the product: the rows, the files, the jobs, TikTok. */
  async function populated() {
    const me = await signUp(server)
    const email = await emailOf(me.cookie)
    const { open_id: openId } = await sandbox.createCreator()
    const accountId = await connectCreator(server, sandbox, me.cookie, openId)
    const accessToken = await server.runtime.tiktokAccounts.accessToken(accountId)
    const mediaId = await storeMedia(server, me.userId, clip)
    const posted = await inject(server, 'POST', '/api/posts', me.cookie, formBody({ accountId, mediaId }))
    expect(posted.statusCode, posted.body).toBe(201)
    const postId = posted.json<{ post: { id: string } }>().post.id
    const video = await inject(server, 'POST', '/api/videos', me.cookie, { title: 'Mine', sourceMediaId: mediaId })
    expect(video.statusCode, video.body).toBe(201)
    const videoId = video.json<{ video: { id: string } }>().video.id
    await eventually(async () => {
      const res = await inject(server, 'GET', `/api/videos/${videoId}`, me.cookie)
      return res.json<{ video: { state: string } }>().video.state === 'processed' ? true : undefined
    }, 60_000)
    const hook = await inject(server, 'POST', '/api/saved-hooks', me.cookie, {
      text: 'Wait for it',
      position: 'top',
      color: '#ffcc00',
      fontSize: 120,
      fontWeight: 'bold',
    })
    expect(hook.statusCode, hook.body).toBe(201)
    // The Create form's draft (issue 30), naming the person's video.
    const { startMs: _start, endMs: _end, ...style } = OVERLAY_DEFAULTS
    const draft = await inject(server, 'PUT', '/api/video-draft', me.cookie, {
      revision: 0,
      content: {
        title: 'Half done',
        description: '',
        videos: { video: { mediaId, name: 'clip.mp4', libraryItem: null }, demo: null },
        layout: 'sequence',
        fit: 'blur',
        overlays: [],
        newOverlay: { ...style, text: '', start: '', end: '' },
        hookAccountId: accountId,
      },
    })
    expect(draft.statusCode, draft.body).toBe(200)
    const image = await inject(server, 'POST', '/api/generate?type=image', me.cookie, {
      prompt: 'A latte',
      style: 'selfie',
    })
    expect(image.statusCode, image.body).toBe(200)
    const imageId = image.json<{ image: { id: string } }>().image.id
    expect((await inject(server, 'POST', '/api/save-image', me.cookie, { imageId })).statusCode).toBe(200)
    expect((await inject(server, 'PUT', '/api/profile', me.cookie, { timeZone: 'Europe/Paris' })).statusCode).toBe(200)
    // A planned automation post (the planner's rows), without waiting for a planning run.
    const [run] = await db()
      .insert(automationRun)
      .values({ userId: me.userId, trigger: 'run_now', summary: 'Planned 1 post', startedAt: new Date() })
      .returning()
    await db()
      .insert(automationSlot)
      .values({
        userId: me.userId,
        runId: run!.id,
        accountId,
        day: '2030-01-01',
        scheduledAt: new Date('2030-01-01T10:00:00Z'),
        timeZone: 'UTC',
        sourceItemId: 'stock:feature-tour',
        sourceTitle: 'Feature tour',
        concept: 'curiosity_gap',
        tone: 'casual',
        hookText: 'You will not believe this',
        title: 'Tour',
        description: '',
        privacyLevel: 'SELF_ONLY',
        allowComment: true,
        allowDuet: false,
        allowStitch: false,
        state: 'preparing',
      })
    // An upload in progress (tus), half sent.
    const created = await server.runtime.http!.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: {
        cookie: me.cookie,
        'tus-resumable': '1.0.0',
        'upload-length': '1000',
        'upload-metadata': `filename ${Buffer.from('half.mp4').toString('base64')}`,
      },
    })
    expect(created.statusCode, created.body).toBe(201)
    const location = String(created.headers.location)
    const sent = await server.runtime.http!.inject({
      method: 'PATCH',
      url: new URL(location, 'http://localhost').pathname,
      headers: {
        cookie: me.cookie,
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: Buffer.alloc(400, 1),
    })
    expect(sent.statusCode, sent.body).toBe(204)
    // An outstanding reset link, and attempt counters.
    expect((await inject(server, 'POST', '/api/auth/forgot-password', undefined, { email })).statusCode).toBe(200)
    await signIn(email, 'a wrong password 1')
    return { ...me, email, openId, accountId, accessToken, mediaId, postId, videoId }
  }

  /** Every row of every table of ours whose any column mentions one of `needles`. */
  async function rowsMentioning(needles: string[]): Promise<string[]> {
    const columns = await rows<{ table_name: string; column_name: string }>(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'`)
    const found: string[] = []
    for (const { table_name: table, column_name: column } of columns) {
      for (const needle of needles) {
        const hits = await rows<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`,
        )
        if (Number(hits[0]?.n) > 0) found.push(`${table}.${column} mentions ${needle}`)
      }
    }
    return found
  }

  const userInfo = (token: string) =>
    fetch(`${sandbox.url}/v2/user/info/?fields=open_id`, { headers: { authorization: `Bearer ${token}` } })

  it('needs the password; then deletes every row, job and file of the person, revokes TikTok and signs out', async () => {
    const me = await populated()
    const other = await populated()
    /** How many objects media storage (local or S3) holds under the person's folder. */
    const storedCount = async (userId: string) => {
      let n = 0
      for await (const _object of server.storage.list(userId)) n++
      return n
    }
    const uploadsDir = path.join(server.config.dataDir, 'uploads')
    const ownedUploads = (userId: string) =>
      readdirSync(uploadsDir)
        .filter((n) => n.endsWith('.json'))
        .filter((n) => {
          const record = JSON.parse(readFileSync(path.join(uploadsDir, n), 'utf8')) as {
            metadata?: { owner?: string }
          }
          return record.metadata?.owner === userId
        })
    expect(await storedCount(me.userId)).toBeGreaterThan(0)
    expect(ownedUploads(me.userId)).toHaveLength(1)
    expect(await rowsMentioning([me.userId])).not.toEqual([])

    const refused = await inject(server, 'DELETE', '/api/account', me.cookie, { password: 'not my password' })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({ message: MESSAGES.currentPasswordWrong })
    expect((await inject(server, 'GET', '/api/profile', me.cookie)).statusCode).toBe(200)

    const deleted = await inject(server, 'DELETE', '/api/account', me.cookie, { password: PASSWORD })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(deleted.json()).toEqual({ message: MESSAGES.ownAccountDeleted })
    // The browser is told to forget its session cookie; the session itself is gone.
    expect(String(deleted.headers['set-cookie'])).toMatch(/hookpost\.session_token=;/)
    expect((await inject(server, 'GET', '/api/profile', me.cookie)).statusCode).toBe(401)

    // No row anywhere names the person, their email or anything that was theirs; no attempt counter of theirs is left.
    expect(await rowsMentioning([me.userId, me.email, me.postId, me.videoId, me.mediaId, me.accountId])).toEqual([])
    const counters = (await rows<{ key: string }>(sql`select key from auth_attempt`)).map((c) => c.key).join(' ')
    expect(counters).not.toContain(sha256Hex(me.email))
    expect(counters).not.toContain(sha256Hex(me.userId))
    expect((await signIn(me.email, PASSWORD)).statusCode).toBe(401)
    // Nothing of theirs is still waiting in the job queue.
    const pending = await rows<{ name: string }>(sql`
      select name from pgboss.job where state in ('created', 'retry')
      and (data::text like ${`%${me.postId}%`} or data::text like ${`%${me.videoId}%`})`)
    expect(pending).toEqual([])
    // Their files are gone: media, rendered video and thumbnail, images, render scratch, the unfinished upload.
    expect(await storedCount(me.userId)).toBe(0)
    expect(existsSync(path.join(server.config.dataDir, 'renders', me.videoId))).toBe(false)
    expect(ownedUploads(me.userId)).toEqual([])
    // TikTok was told: the token no longer opens anything at the sandbox.
    expect((await userInfo(me.accessToken)).status).toBe(401)

    // The other person is untouched.
    expect((await inject(server, 'GET', '/api/profile', other.cookie)).json()).toMatchObject({ email: other.email })
    expect((await inject(server, 'GET', `/api/posts/${other.postId}`, other.cookie)).statusCode).toBe(200)
    expect((await inject(server, 'GET', `/api/videos/${other.videoId}`, other.cookie)).statusCode).toBe(200)
    expect(await storedCount(other.userId)).toBeGreaterThanOrEqual(3)
    expect(ownedUploads(other.userId)).toHaveLength(1)
    expect((await userInfo(other.accessToken)).status).toBe(200)
    const theirJobs = await rows<{ n: number }>(sql`
      select count(*)::int as n from pgboss.job where name = 'post.publish' and state = 'created'
      and singleton_key = ${other.postId}`)
    expect(Number(theirJobs[0]?.n)).toBe(1)
  }, 120_000)

  it('still deletes everything when TikTok refuses the revoke', async () => {
    const me = await populated()
    await sandbox.admin('PUT', '/sandbox/admin/faults', { server_error_rate: 1, paths: ['/v2/oauth/revoke/'] })
    try {
      const deleted = await inject(server, 'DELETE', '/api/account', me.cookie, { password: PASSWORD })
      expect(deleted.statusCode, deleted.body).toBe(200)
    } finally {
      await sandbox.admin('DELETE', '/sandbox/admin/faults')
    }
    expect(await rowsMentioning([me.userId, me.email])).toEqual([])
    // The revoke did not go through, so the token lives on at TikTok until it expires (the failure was logged).
    expect((await userInfo(me.accessToken)).status).toBe(200)
  }, 120_000)
})
