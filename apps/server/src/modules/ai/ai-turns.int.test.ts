import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  AI_BUSY_RETRY_SECONDS,
  AI_MESSAGES,
  AI_WAITING_PER_PERSON,
  generateHooksResponseSchema,
  tiktokAccountSchema,
} from '@hookpost/shared'
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai'
import { inject, signUp } from '../../testing/http-test-kit'
import { eventually, startTestServer, type TestServer } from '../../testing/test-runtime'

/**
 * AI calls take turns (ADR 059), over HTTP on a real database with the server pointed at a local OpenAI-compatible
 * service whose answers are held back: one person's burst runs `AI_CALLS_PER_PERSON` at once and waits for the rest,
 * one more than their waiting line holds is refused with 429 and Retry-After, and someone else's call is not held up
 * behind them.
 */
let fake: FakeOpenAi
let server: TestServer
const HOOKS = ['One', 'Two', 'Three', 'Four', 'Five'].map((n) => `${n} reasons your sourdough is flat`)

beforeAll(async () => {
  fake = await startFakeOpenAi({ defaultReply: { chat: JSON.stringify({ hooks: HOOKS }) } })
  server = await startTestServer({ AI_BASE_URL: fake.baseUrl, AI_MODEL: 'test-chat-model', AI_CALLS_PER_PERSON: '2' })
})
afterAll(async () => {
  await server?.close()
  await fake?.close()
})

async function personWithAccount(): Promise<{ cookie: string; userId: string; accountId: string }> {
  const who = await signUp(server)
  const res = await inject(server, 'POST', '/api/tiktok/accounts', who.cookie, {
    accountName: 'Bake Lab',
    accountUsername: `bakelab${Math.random().toString(36).slice(2, 8)}`,
    targetAudience: 'home bakers',
    niche: 'sourdough bread',
    appGoals: 'sell my starter kit',
  })
  expect(res.statusCode, res.body).toBe(201)
  return { ...who, accountId: tiktokAccountSchema.parse((res.json() as { account: unknown }).account).id }
}

const hooks = (who: { cookie: string; accountId: string }, title: string) =>
  inject(server, 'POST', '/api/generate?type=hooks', who.cookie, { accountId: who.accountId, videoTitle: title })

describe('AI calls in turns', () => {
  it('runs two of a person’s at once, queues the next ones, refuses one too many, and lets others through', async () => {
    const heavy = await personWithAccount()
    const light = await personWithAccount()
    const release = fake.hold()
    const calls = server.runtime.aiCalls

    const burst = Array.from({ length: 2 + AI_WAITING_PER_PERSON }, (_, i) => hooks(heavy, `Heavy ${i}`))
    await eventually(async () => {
      const counts = calls.counts(heavy.userId)
      return counts.running === 2 && counts.waiting === AI_WAITING_PER_PERSON ? true : undefined
    })
    expect(fake.requests).toHaveLength(2)

    const refused = await hooks(heavy, 'One too many')
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBe(String(AI_BUSY_RETRY_SECONDS))
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: AI_MESSAGES.tooManyWaiting })

    // Someone else's call reaches the model at once, ahead of the heavy person's waiting ones.
    const lightCall = hooks(light, 'Light')
    await eventually(async () => (fake.requests.length === 3 ? true : undefined))
    expect(calls.counts(light.userId).running).toBe(1)
    expect(calls.counts(heavy.userId)).toEqual({ running: 2, waiting: AI_WAITING_PER_PERSON })

    release()
    const answers = await Promise.all([lightCall, ...burst])
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200)
      expect(generateHooksResponseSchema.parse(res.json())).toMatchObject({ success: true })
    }
    expect(fake.requests).toHaveLength(3 + AI_WAITING_PER_PERSON)
    expect(calls.counts()).toEqual({ running: 0, waiting: 0 })
  })

  it('answers bad input at once, without waiting for a turn', async () => {
    const heavy = await personWithAccount()
    const release = fake.hold()
    const running = [hooks(heavy, 'A'), hooks(heavy, 'B')]
    await eventually(async () => (server.runtime.aiCalls.counts(heavy.userId).running === 2 ? true : undefined))
    const res = await hooks(heavy, '   ')
    expect(res.statusCode).toBe(400)
    expect((res.json() as { message: string }).message).toBe(AI_MESSAGES.titleRequired)
    release()
    for (const done of await Promise.all(running)) expect(done.statusCode).toBe(200)
  })
})
