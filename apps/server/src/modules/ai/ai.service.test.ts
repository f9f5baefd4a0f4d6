import { describe, expect, it } from 'vitest'
import { AI_MESSAGES, type TiktokAccount } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { AiWriter } from './ai-writer'
import { createAiService } from './ai.service'
import { createOfflineSlideshowWriter } from './slideshow-writer'

const ACCOUNT: TiktokAccount = {
  id: 'acc-1',
  accountName: 'Bake Lab',
  accountUsername: 'bakelab',
  avatarUrl: null,
  status: 'manual',
  sandbox: false,
  targetAudience: 'home bakers',
  niche: '',
  appGoals: '',
  timeZone: null,
  scopes: [],
  connectedAt: null,
  createdAt: '2026-11-01T00:00:00.000Z',
} as unknown as TiktokAccount

function setup(writer: Partial<AiWriter>, account: TiktokAccount = ACCOUNT) {
  const errors: string[] = []
  const seen: unknown[] = []
  const ai = createAiService({
    writer: {
      provider: 'offline',
      hooks: async (req) => {
        seen.push(req)
        return ['One', 'Two']
      },
      contentIdeas: async () => [{ title: 'T', description: 'D', hookText: 'H' }],
      caption: async () => ({ title: 'H', text: 'Save this.', hashtags: ['#a', '#b'] }),
      ...writer,
    },
    slideshowWriter: createOfflineSlideshowWriter(() => 1),
    account: async (_userId, id) => {
      if (id !== account.id) throw new AppError('NOT_FOUND', 'TikTok account not found')
      return account
    },
    log: { info: () => undefined, warn: () => undefined, error: (msg) => errors.push(msg) },
  })
  return { ai, errors, seen }
}

const input = { accountId: 'acc-1', videoTitle: 'Crust', videoDescription: 'Secrets' }

describe('AI service: hook suggestions', () => {
  it('passes the account’s description and the video’s words to the writer, and ids each suggestion', async () => {
    const { ai, seen } = setup({})
    const result = await ai.suggestHooks('me', input)
    expect(result).toMatchObject({ success: true, provider: 'offline' })
    expect(result.suggestions.map((s) => s.text)).toEqual(['One', 'Two'])
    expect(new Set(result.suggestions.map((s) => s.id)).size).toBe(2)
    expect(seen).toMatchObject([
      { count: 5, context: { targetAudience: 'home bakers', videoTitle: 'Crust', videoDescription: 'Secrets' } },
    ])
  })

  it('says the spec’s failure and returns no suggestion when the writer fails or writes nothing', async () => {
    for (const hooks of [
      async () => {
        throw new Error('model down')
      },
      async () => [],
    ]) {
      const { ai, errors } = setup({ hooks })
      const result = await ai.suggestHooks('me', input)
      expect(result).toEqual({ success: false, message: AI_MESSAGES.hooksFailed, provider: 'offline', suggestions: [] })
      expect(errors).toHaveLength(1)
    }
  })

  it('refuses an account without audience, niche or goals before asking the writer', async () => {
    const { ai, seen } = setup({}, { ...ACCOUNT, targetAudience: ' ' })
    await expect(ai.suggestHooks('me', input)).rejects.toMatchObject({ message: AI_MESSAGES.accountIncomplete })
    expect(seen).toEqual([])
  })
})
