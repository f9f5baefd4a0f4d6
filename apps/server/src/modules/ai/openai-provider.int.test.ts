import { readdirSync } from 'node:fs'
import path from 'node:path'
import { createCanvas } from '@napi-rs/canvas'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  AI_FAILURE_REASONS,
  AI_IMAGE_MESSAGES,
  AI_MESSAGES,
  appInfoSchema,
  EMPTY_HOOK_CONTEXT,
  generateContentResponseSchema,
  generateHooksResponseSchema,
  generateImageResponseSchema,
  HOOK_TEXT_MAX,
  tiktokAccountSchema,
  type HookContext,
} from '@hookpost/shared'
import { AiProviderError, createOpenAiCompatibleClient, type OpenAiCompatibleClient } from '../../integrations/ai'
import { imageInfo } from '../../integrations/ffmpeg/inspect'
import { inject, signUp } from '../../testing/http-test-kit'
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai'
import { startTestServer, type TestServer } from '../../testing/test-runtime'
import { createOpenAiImageMaker } from './openai-image-maker'
import { createOpenAiWriter } from './openai-writer'
import { accountPrivateFields, writePostCaption } from './post-caption'
import type { WrittenCaption } from './caption-rules'

/**
 * The OpenAI-compatible provider through the real `openai` SDK, over HTTP, against a local fake service speaking the
 * chat-completions and images APIs: valid JSON, invalid JSON (asked once more), 429, 500 (retried once), a timeout,
 * a refused key; images as base64 or URL. Then the whole server configured with AI_BASE_URL: /api/generate answers
 * from the model, a failure says why, and the key is never in anything the browser gets.
 */

const API_KEY = 'sk-test-a1b2c3-never-in-the-browser'
const TIMEOUT_MS = 400

let fake: FakeOpenAi
const warnings: string[] = []
const log = { info: () => undefined, warn: (m: string) => warnings.push(m), error: () => undefined }

function client(overrides: Partial<Parameters<typeof createOpenAiCompatibleClient>[0]> = {}): OpenAiCompatibleClient {
  return createOpenAiCompatibleClient({
    baseUrl: fake.baseUrl,
    apiKey: API_KEY,
    model: 'test-chat-model',
    imageModel: 'test-image-model',
    timeoutMs: TIMEOUT_MS,
    imageTimeoutMs: TIMEOUT_MS,
    maxImageBytes: 1024 * 1024,
    retryDelayMs: 10,
    ...overrides,
  })
}

const context: HookContext = {
  ...EMPTY_HOOK_CONTEXT,
  targetAudience: 'home bakers',
  niche: 'sourdough bread',
  appGoals: 'sell my starter kit',
  videoTitle: 'My 3-ingredient sourdough',
  videoDescription: 'No knead, overnight',
}

const FIVE_HOOKS = [
  'Stop buying bread: this sourdough needs 3 ingredients',
  'I quit kneading and my sourdough got better',
  'Home bakers, you are overcomplicating sourdough',
  'The overnight trick that fixed my sourdough',
  'Why your sourdough is flat (and the 3-ingredient fix)',
]
const hooksJson = (hooks: string[]) => JSON.stringify({ hooks })
/** A written caption as the model would answer it again. */
const messagesOf = (c: WrittenCaption) => JSON.stringify({ title: c.title, caption: c.text, hashtags: c.hashtags })

async function failure(promise: Promise<unknown>): Promise<AiProviderError> {
  try {
    await promise
  } catch (err) {
    expect(err).toBeInstanceOf(AiProviderError)
    return err as AiProviderError
  }
  throw new Error('expected an AiProviderError')
}

async function png(width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  ctx.fillStyle = '#db2777'
  ctx.fillRect(0, 0, width, height)
  return canvas.encode('png')
}

beforeAll(async () => {
  fake = await startFakeOpenAi()
})
afterAll(async () => {
  await fake?.close()
})
beforeEach(() => {
  fake.reset()
  warnings.length = 0
})

describe('the writer, through the openai SDK', () => {
  it('asks with the versioned prompt, a JSON schema, the model and the key, and returns the model’s hooks', async () => {
    fake.reply({ chat: hooksJson(FIVE_HOOKS) })
    const hooks = await createOpenAiWriter({ client: client(), log }).hooks({ context, count: 5 })
    expect(hooks).toEqual(FIVE_HOOKS)

    expect(fake.requests).toHaveLength(1)
    const [request] = fake.requests
    expect(request!.path).toBe('/v1/chat/completions')
    expect(request!.headers.authorization).toBe(`Bearer ${API_KEY}`)
    expect(request!.body).toMatchObject({
      model: 'test-chat-model',
      response_format: { type: 'json_schema', json_schema: { name: 'hook_suggestions', strict: true } },
    })
    const messages = request!.body.messages as { role: string; content: string }[]
    expect(messages[0]!.role).toBe('system')
    expect(messages[0]!.content).toContain('Write 5 different hooks')
    expect(messages[0]!.content).toContain(`at most ${HOOK_TEXT_MAX} characters`)
    expect(messages[0]!.content).not.toMatch(/\{\{\w+\}\}/)
    expect(JSON.parse(messages[1]!.content)).toEqual({
      account: { targetAudience: 'home bakers', niche: 'sourdough bread', goals: 'sell my starter kit' },
      video: { title: 'My 3-ingredient sourdough', description: 'No knead, overnight' },
    })
  })

  it('asks once more when the answer is not JSON, and uses the second answer', async () => {
    fake.reply({ chat: 'Sure! Here are some hooks: 1. Stop buying bread' }, { chat: hooksJson(FIVE_HOOKS) })
    const hooks = await createOpenAiWriter({ client: client(), log }).hooks({ context, count: 5 })
    expect(hooks).toEqual(FIVE_HOOKS)
    expect(fake.requests).toHaveLength(2)
    expect(warnings.join('\n')).toMatch(/hooks\.v1 on test-chat-model, attempt 1: unusable answer \(not JSON/)
  })

  it('gives up after a second unusable answer (invalid JSON, then the wrong shape): invalid_output', async () => {
    fake.reply({ chat: '{"hooks": ["unterminated' }, { chat: '{"suggestions": ["a", "b"]}' })
    const err = await failure(createOpenAiWriter({ client: client(), log }).hooks({ context, count: 5 }))
    expect(err.kind).toBe('invalid_output')
    expect(fake.requests).toHaveLength(2)
  })

  it('asks again when an answer was cut off at the length limit', async () => {
    fake.reply({ chat: '{"hooks": ["Stop buying', finishReason: 'length' }, { chat: hooksJson(FIVE_HOOKS) })
    expect(await createOpenAiWriter({ client: client(), log }).hooks({ context, count: 5 })).toHaveLength(5)
    expect(fake.requests).toHaveLength(2)
  })

  it('keeps only hooks that meet the rules: length, must-include keywords, no repeats, no quotes or numbering', async () => {
    fake.reply({
      chat: hooksJson([
        '1. "Sourdough in 3 ingredients, no knead"',
        'sourdough in 3 ingredients, no knead!',
        `Sourdough ${'very '.repeat(30)}long`,
        'A hook without the keyword',
        '   ',
        '- The overnight sourdough trick',
      ]),
    })
    const writer = createOpenAiWriter({ client: client(), log })
    const hooks = await writer.hooks({ context: { ...context, mustInclude: ['sourdough'] }, count: 5 })
    expect(hooks).toEqual(['Sourdough in 3 ingredients, no knead', 'The overnight sourdough trick'])
    expect(JSON.parse((fake.requests[0]!.body.messages as { content: string }[])[1]!.content)).toMatchObject({
      mustInclude: ['sourdough'],
    })
  })

  it('writes content ideas for a concept and tone, with the person’s words, checked like hooks', async () => {
    fake.reply({
      chat: JSON.stringify({
        ideas: [
          {
            title: 'The sourdough secret',
            description: 'Film the dough before and after the night. End on the crumb.',
            hookText: 'Nobody tells you this about sourdough',
          },
          { title: 'No keyword here', description: 'Film it.', hookText: 'Missing the word' },
          {
            title: 'Three ingredients only',
            description: `Show flour, water and salt. ${'Then more words. '.repeat(40)}`,
            hookText: 'Sourdough with 3 ingredients? Watch',
          },
        ],
      }),
    })
    const ideas = await createOpenAiWriter({ client: client(), log }).contentIdeas({
      context: { ...context, mustInclude: ['sourdough'], customConcept: '', exampleHooks: ['You are doing it wrong'] },
      concept: 'curiosity_gap',
      tone: 'casual',
      customPrompt: 'Mention the starter kit',
      count: 5,
    })
    expect(ideas).toHaveLength(2)
    expect(ideas[0]).toEqual({
      title: 'The sourdough secret',
      description: 'Film the dough before and after the night. End on the crumb.',
      hookText: 'Nobody tells you this about sourdough',
    })
    // A description past 300 characters is cut at its last whole sentence.
    expect(ideas[1]!.description.length).toBeLessThanOrEqual(300)
    expect(ideas[1]!.description).toMatch(/^Show flour, water and salt\..*\.$/)
    const sent = JSON.parse((fake.requests[0]!.body.messages as { content: string }[])[1]!.content)
    expect(sent).toMatchObject({
      hookConcept: 'curiosity_gap',
      tone: 'casual',
      instructions: 'Mention the starter kit',
      exampleHooks: ['You are doing it wrong'],
      mustInclude: ['sourdough'],
    })
    expect(sent).not.toHaveProperty('customConcept')
  })

  it('writes a post caption with caption.v1: the brief marked private, the answer checked, and guarded', async () => {
    const caption = (title: string, text: string, hashtags: string[]) =>
      JSON.stringify({ title, caption: text, hashtags })
    // First answer: one hashtag only (unusable, asked again); second: quotes the private brief in places.
    fake.reply(
      { chat: caption('Sourdough in 3 ingredients', 'Save this.', ['#sourdough']) },
      {
        chat: caption(
          'Sourdough in 3 ingredients',
          'No knead, just time. Perfect if you want to sell my starter kit! Save this for your next bake.',
          ['#sourdough', '#SellMyStarterKit', '#breadtok'],
        ),
      },
    )
    const writer = createOpenAiWriter({ client: client(), log })
    const request = {
      context: { ...context, mustInclude: ['sourdough'] },
      hookText: 'Sourdough with 3 ingredients? Watch',
      concept: 'question' as const,
      tone: 'casual' as const,
      customPrompt: '',
    }
    const written = await writer.caption(request)
    expect(written.hashtags).toEqual(['#sourdough', '#sellmystarterkit', '#breadtok'])
    expect(fake.requests).toHaveLength(2)
    const [first] = fake.requests
    expect(first!.body).toMatchObject({
      response_format: { type: 'json_schema', json_schema: { name: 'post_caption', strict: true } },
    })
    const messages = first!.body.messages as { role: string; content: string }[]
    expect(messages[0]!.content).toContain('The account brief is private')
    expect(messages[0]!.content).not.toMatch(/\{\{\w+\}\}/)
    expect(JSON.parse(messages[1]!.content)).toMatchObject({
      hook: 'Sourdough with 3 ingredients? Watch',
      video: { title: 'My 3-ingredient sourdough' },
      mustInclude: ['sourdough'],
      privateAccountBrief: { targetAudience: 'home bakers', niche: 'sourdough bread', goals: 'sell my starter kit' },
    })
    expect(warnings.join('\n')).toMatch(/caption\.v1 on test-chat-model, attempt 1: unusable answer/)

    // Through the one guard every writer's caption passes: the quoting sentence and hashtag are gone.
    fake.reset()
    fake.reply({ chat: messagesOf(written) })
    const post = await writePostCaption({
      writer,
      request,
      privateFields: accountPrivateFields(context),
      videoTitle: context.videoTitle,
    })
    expect(post).toEqual({
      title: 'Sourdough in 3 ingredients',
      description:
        'Sourdough with 3 ingredients? Watch\n\nNo knead, just time. Save this for your next bake.\n\n#sourdough #breadtok',
    })
  })

  it('429: rate_limited at once, not retried', async () => {
    fake.reply({ status: 429, message: 'Rate limit reached for requests', headers: { 'retry-after': '20' } })
    const err = await failure(createOpenAiWriter({ client: client(), log }).hooks({ context, count: 5 }))
    expect(err.kind).toBe('rate_limited')
    expect(fake.requests).toHaveLength(1)
  })

  it('500: retried once; a second 500 is unavailable, a second success is a success', async () => {
    fake.reply({ status: 500 }, { status: 503 })
    const err = await failure(createOpenAiWriter({ client: client(), log }).hooks({ context, count: 5 }))
    expect(err.kind).toBe('unavailable')
    expect(fake.requests).toHaveLength(2)

    fake.reset()
    fake.reply({ status: 500 }, { chat: hooksJson(FIVE_HOOKS) })
    expect(await createOpenAiWriter({ client: client(), log }).hooks({ context, count: 5 })).toHaveLength(5)
    expect(fake.requests).toHaveLength(2)
  })

  it('times out when the service never answers, without waiting for it again', async () => {
    fake.reply({ hang: true })
    const started = Date.now()
    const err = await failure(createOpenAiWriter({ client: client(), log }).hooks({ context, count: 5 }))
    expect(err.kind).toBe('timeout')
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMEOUT_MS - 50)
    expect(fake.requests).toHaveLength(1)
  })

  it('401 and an unknown model are misconfigured; a refusal is rejected', async () => {
    fake.reply({ status: 401, message: 'Incorrect API key provided' })
    expect((await failure(createOpenAiWriter({ client: client(), log }).hooks({ context, count: 5 }))).kind).toBe(
      'misconfigured',
    )
    fake.reply({ status: 404, message: 'The model `nope` does not exist' })
    expect((await failure(createOpenAiWriter({ client: client(), log }).hooks({ context, count: 5 }))).kind).toBe(
      'misconfigured',
    )
    fake.reply({ chat: '', refusal: 'I can’t help with that.' })
    expect((await failure(createOpenAiWriter({ client: client(), log }).hooks({ context, count: 5 }))).kind).toBe(
      'rejected',
    )
  })

  it('cannot be reached: unavailable after one retry', async () => {
    const closed = client({ baseUrl: 'http://127.0.0.1:9/v1' })
    const err = await failure(createOpenAiWriter({ client: closed, log }).hooks({ context, count: 5 }))
    expect(err.kind).toBe('unavailable')
  })
})

describe('the image maker, through the openai SDK', () => {
  it('makes an image from base64, with the style’s prompt around the person’s words', async () => {
    const bytes = await png(64, 112)
    fake.reply({ image: { b64: bytes } })
    const maker = createOpenAiImageMaker({ client: client(), describeImage: imageInfo })
    const image = await maker.image({ prompt: 'me at my bakery counter', style: 'selfie' })
    expect(image).toMatchObject({ contentType: 'image/png', width: 64, height: 112 })
    expect(image.data.equals(bytes)).toBe(true)
    expect(maker).toMatchObject({ provider: 'openai-compatible', fallback: false })
    const [request] = fake.requests
    expect(request!.path).toBe('/v1/images/generations')
    expect(request!.body).toMatchObject({ model: 'test-image-model', n: 1 })
    expect(request!.body.prompt).toMatch(/selfie-style photo/)
    expect(request!.body.prompt).toMatch(/What the photo shows: me at my bakery counter$/)
  })

  it('downloads an image answered by URL; bytes that are no image are invalid_output', async () => {
    const bytes = await png(40, 40)
    fake.serveFile('a.png', bytes, 'image/png')
    fake.serveFile('b.png', Buffer.from('<html>not an image</html>'), 'image/png')
    fake.reply({ image: { url: `${fake.origin}/files/a.png` } }, { image: { url: `${fake.origin}/files/b.png` } })
    const maker = createOpenAiImageMaker({ client: client(), describeImage: imageInfo })
    expect((await maker.image({ prompt: 'x', style: 'selfie' })).data.equals(bytes)).toBe(true)
    expect((await failure(maker.image({ prompt: 'x', style: 'selfie' }))).kind).toBe('invalid_output')
  })

  it('refuses an image larger than allowed, and an answer with no image', async () => {
    fake.serveFile('big.png', Buffer.alloc(2 * 1024 * 1024), 'image/png')
    fake.reply({ image: { url: `${fake.origin}/files/big.png` } }, { image: {} })
    const maker = createOpenAiImageMaker({ client: client(), describeImage: imageInfo })
    expect((await failure(maker.image({ prompt: 'x', style: 'selfie' }))).kind).toBe('invalid_output')
    expect((await failure(maker.image({ prompt: 'x', style: 'selfie' }))).kind).toBe('invalid_output')
  })
})

describe('the server configured with AI_BASE_URL', () => {
  let server: TestServer
  let me: { cookie: string; userId: string }
  let accountId = ''
  const bodies: string[] = []

  beforeAll(async () => {
    server = await startTestServer({
      AI_BASE_URL: fake.baseUrl,
      AI_API_KEY: API_KEY,
      AI_MODEL: 'test-chat-model',
      AI_IMAGE_MODEL: 'test-image-model',
      AI_TIMEOUT_SECONDS: '5',
    })
    me = await signUp(server)
    const res = await inject(server, 'POST', '/api/tiktok/accounts', me.cookie, {
      accountName: 'Bake Lab',
      accountUsername: 'bakelab_ai',
      targetAudience: 'home bakers',
      niche: 'sourdough bread',
      appGoals: 'sell my starter kit',
    })
    expect(res.statusCode, res.body).toBe(201)
    accountId = tiktokAccountSchema.parse((res.json() as { account: unknown }).account).id
  })
  afterAll(async () => {
    await server?.close()
    // Nothing the browser got holds the key.
    expect(bodies.length).toBeGreaterThan(0)
    for (const body of bodies) expect(body).not.toContain(API_KEY)
  })

  async function call(method: 'GET' | 'POST', url: string, body?: unknown) {
    const res = await inject(server, method, url, me.cookie, body)
    bodies.push(res.body)
    return res
  }

  it('says in app-info that the model writes and makes images', async () => {
    const res = await call('GET', '/api/app-info')
    expect(appInfoSchema.parse(res.json()).ai).toEqual({ writer: 'openai-compatible', images: 'openai-compatible' })
  })

  it('answers /api/generate?type=hooks from the model', async () => {
    fake.reply({ chat: hooksJson(FIVE_HOOKS) })
    const res = await call('POST', '/api/generate?type=hooks', { accountId, videoTitle: 'My 3-ingredient sourdough' })
    expect(res.statusCode, res.body).toBe(200)
    const body = generateHooksResponseSchema.parse(res.json())
    expect(body).toMatchObject({ success: true, provider: 'openai-compatible' })
    expect(body.suggestions.map((s) => s.text)).toEqual(FIVE_HOOKS)
  })

  it('a rate-limited model: the spec’s message, the reason, and no suggestions', async () => {
    fake.reply({ status: 429, message: 'Rate limit reached for gpt-x in organization org-123' })
    const res = await call('POST', '/api/generate?type=hooks', { accountId, videoTitle: 'Sourdough' })
    expect(res.statusCode, res.body).toBe(200)
    expect(generateHooksResponseSchema.parse(res.json())).toEqual({
      success: false,
      message: AI_MESSAGES.hooksFailed,
      provider: 'openai-compatible',
      reason: AI_FAILURE_REASONS.rate_limited,
      suggestions: [],
    })
    // The provider's own words stay on the server.
    expect(res.body).not.toContain('org-123')
  })

  it('content ideas: invalid JSON twice is the spec’s failure with the reason', async () => {
    fake.reply({ chat: 'not json' }, { chat: '{"ideas": "nope"}' })
    const res = await call('POST', '/api/generate?type=video-content', {
      accountId,
      hookConcept: 'question',
      tone: 'humorous',
      exampleHooks: [],
    })
    expect(generateContentResponseSchema.parse(res.json())).toEqual({
      success: false,
      message: AI_MESSAGES.contentFailed,
      provider: 'openai-compatible',
      reason: AI_FAILURE_REASONS.invalid_output,
      contentIdeas: [],
    })
  })

  it('makes a real image (no fallback), stored and served as the person’s file', async () => {
    const bytes = await png(96, 160)
    fake.reply({ image: { b64: bytes } })
    const res = await call('POST', '/api/generate?type=image', { prompt: 'me baking', style: 'selfie' })
    const body = generateImageResponseSchema.parse(res.json())
    expect(body).toMatchObject({ success: true, fallback: false, provider: 'openai-compatible' })
    expect(body.image).toMatchObject({ width: 96, height: 160, fallback: false, saved: false })
    const file = await inject(server, 'GET', body.imageUrl!, me.cookie)
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(file.rawPayload.equals(bytes)).toBe(true)
  })

  it('an image model that fails: success false, the spec’s message and the reason, nothing stored', async () => {
    fake.reply({ status: 500 }, { status: 500 })
    const res = await call('POST', '/api/generate?type=image', { prompt: 'me baking', style: 'selfie' })
    expect(generateImageResponseSchema.parse(res.json())).toEqual({
      success: false,
      imageUrl: null,
      image: null,
      fallback: false,
      message: AI_IMAGE_MESSAGES.generateFailed,
      provider: 'openai-compatible',
      reason: AI_FAILURE_REASONS.unavailable,
    })
    // Only the image of the test before is stored.
    expect(readdirSync(path.join(server.config.dataDir, 'media', me.userId, 'images'))).toHaveLength(1)
  })
})
