import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AI_GENERATE_PER_MINUTE,
  AI_MESSAGES,
  generateContentResponseSchema,
  generateHooksResponseSchema,
  HOOK_TEXT_MAX,
  tiktokAccountSchema,
} from '@hookpost/shared'
import { inject, signUp } from '../../testing/http-test-kit'
import { startTestServer, type TestServer } from '../../testing/test-runtime'

/**
 * POST /api/generate over HTTP on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), with the built-in
 * offline generator: hooks for a video written for the person's own account, the spec's messages, and nobody else's
 * account.
 */
let server: TestServer
let me: { cookie: string; userId: string }
let other: { cookie: string; userId: string }
let described = ''
let blank = ''

async function addAccount(cookie: string, fields: Record<string, string>): Promise<string> {
  const res = await inject(server, 'POST', '/api/tiktok/accounts', cookie, {
    accountName: 'Bake Lab',
    accountUsername: `bakelab${Math.random().toString(36).slice(2, 8)}`,
    ...fields,
  })
  expect(res.statusCode, res.body).toBe(201)
  return tiktokAccountSchema.parse((res.json() as { account: unknown }).account).id
}

beforeAll(async () => {
  server = await startTestServer()
  me = await signUp(server)
  other = await signUp(server)
  described = await addAccount(me.cookie, {
    targetAudience: 'home bakers',
    niche: 'sourdough bread',
    appGoals: 'sell my starter kit',
  })
  blank = await addAccount(me.cookie, {})
})
afterAll(async () => {
  await server?.close()
})

const hooks = (cookie: string, body: unknown) => inject(server, 'POST', '/api/generate?type=hooks', cookie, body)

describe('POST /api/generate?type=hooks', () => {
  it('writes five different hooks for the video, for the account, offline', async () => {
    const res = await hooks(me.cookie, {
      accountId: described,
      videoTitle: 'My 3-ingredient sourdough',
      videoDescription: 'No knead, overnight',
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = generateHooksResponseSchema.parse(res.json())
    expect(body).toMatchObject({ success: true, provider: 'offline' })
    expect(body.suggestions).toHaveLength(5)
    const texts = body.suggestions.map((s) => s.text)
    expect(new Set(texts.map((t) => t.toLowerCase())).size).toBe(5)
    for (const text of texts) {
      expect(text.trim()).not.toBe('')
      expect(Array.from(text).length).toBeLessThanOrEqual(HOOK_TEXT_MAX)
      expect(text).not.toMatch(/[{}]|undefined|null/)
    }
    expect(new Set(body.suggestions.map((s) => s.id)).size).toBe(5)
  })

  it('answers the spec’s messages: no account, no title, an account without a description', async () => {
    for (const [body, message] of [
      [{ accountId: '', videoTitle: 'T' }, AI_MESSAGES.accountRequired],
      [{ accountId: described, videoTitle: '   ' }, AI_MESSAGES.titleRequired],
      [{ accountId: blank, videoTitle: 'T' }, AI_MESSAGES.accountIncomplete],
    ] as const) {
      const res = await hooks(me.cookie, body)
      expect(res.statusCode, res.body).toBe(400)
      expect((res.json() as { message: string }).message).toBe(message)
    }
  })

  it('answers 404 for someone else’s account and 401 signed out', async () => {
    const res = await hooks(other.cookie, { accountId: described, videoTitle: 'T' })
    expect(res.statusCode).toBe(404)
    expect((await hooks('', { accountId: described, videoTitle: 'T' })).statusCode).toBe(401)
  })
})

describe('POST /api/generate?type=video-content', () => {
  it('writes content ideas for a concept and tone, with the must-include words in every hook', async () => {
    const res = await inject(server, 'POST', '/api/generate?type=video-content', me.cookie, {
      accountId: described,
      hookConcept: 'curiosity_gap',
      tone: 'humorous',
      mustInclude: ['starter'],
      exampleHooks: ['You are feeding your starter wrong'],
    })
    expect(res.statusCode, res.body).toBe(200)
    const body = generateContentResponseSchema.parse(res.json())
    expect(body.success).toBe(true)
    expect(body.contentIdeas.length).toBeGreaterThan(0)
    for (const idea of body.contentIdeas) {
      expect(idea.title.trim()).not.toBe('')
      expect(idea.description.trim()).not.toBe('')
      expect(idea.hookText.toLowerCase()).toContain('starter')
    }
  })

  it('needs words for an ‘other’ concept or tone, and at most 5 non-blank example hooks', async () => {
    const base = { accountId: described, hookConcept: 'other', tone: 'casual', exampleHooks: [] }
    const res = await inject(server, 'POST', '/api/generate?type=video-content', me.cookie, base)
    expect(res.statusCode).toBe(400)
    expect((res.json() as { message: string }).message).toBe(AI_MESSAGES.customConceptRequired)
    const six = await inject(server, 'POST', '/api/generate?type=video-content', me.cookie, {
      ...base,
      hookConcept: 'story',
      exampleHooks: ['a', 'b', 'c', 'd', 'e', 'f'],
    })
    expect(six.statusCode).toBe(400)
    const blankExample = await inject(server, 'POST', '/api/generate?type=video-content', me.cookie, {
      ...base,
      hookConcept: 'story',
      exampleHooks: ['  '],
    })
    expect(blankExample.statusCode).toBe(400)
  })
})

describe('the per-person rate of AI requests (ADR 055)', () => {
  it('answers 429 with Retry-After and how long to wait after the minute’s requests, counting both routes, per person', async () => {
    const heavy = await signUp(server)
    const account = await addAccount(heavy.cookie, {
      targetAudience: 'runners',
      niche: 'trail running',
      appGoals: 'sell my plan',
    })
    const ask = (i: number) =>
      i % 2 === 0
        ? hooks(heavy.cookie, { accountId: account, videoTitle: `Hill repeats ${i}` })
        : inject(server, 'POST', '/api/generate/slideshow', heavy.cookie, { topic: `Trail shoes ${i}`, points: 3 })
    for (let i = 0; i < AI_GENERATE_PER_MINUTE; i++) {
      const res = await ask(i)
      expect(res.statusCode, `${i}: ${res.body}`).toBe(200)
    }
    const refused = await ask(AI_GENERATE_PER_MINUTE)
    expect(refused.statusCode).toBe(429)
    const seconds = Number(refused.headers['retry-after'])
    expect(seconds).toBeGreaterThan(0)
    expect(seconds).toBeLessThanOrEqual(60)
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: AI_MESSAGES.tooManyGenerations(seconds) })
    expect(AI_MESSAGES.tooManyGenerations(seconds)).toMatch(
      /^You have asked the AI for 20 results .* Wait \d+ seconds? and try again\.$/,
    )

    // Someone else is not held up by it.
    const res = await hooks(me.cookie, { accountId: described, videoTitle: 'Rye loaf' })
    expect(res.statusCode, res.body).toBe(200)
  })
})
