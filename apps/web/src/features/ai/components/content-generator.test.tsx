import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AI_FAILURE_REASONS, AI_MESSAGES, type ContentIdea } from '@hookpost/shared/ai'
import { mockApi, renderWithQueryClient, type ApiReply } from '../../../testing/api-mock'
import { FEEDBACK_MS } from '../hooks/use-flash'
import { ContentGenerator } from './content-generator'
import type { HookAccount } from './hook-generator'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const ACCOUNT: HookAccount = { id: 'acc-1', label: 'Mom (@mom)', targetAudience: 'moms', niche: '', appGoals: '' }
const IDEAS = {
  success: true,
  message: '2 content ideas',
  provider: 'offline',
  contentIdeas: [
    { id: 'i1', title: 'Budget prep', description: 'Film the shop.', hookText: 'Nobody tells moms this budget trick' },
    { id: 'i2', title: 'Sunday reset', description: 'Film the fridge.', hookText: 'My budget Sunday reset' },
  ],
}

function setup(options: { reply?: ApiReply; save?: (text: string) => Promise<void>; fakeTimers?: boolean } = {}) {
  const api = mockApi(() => options.reply ?? { status: 200, body: IDEAS })
  const saved: string[] = []
  const made: ContentIdea[] = []
  // user-event puts its own clipboard on navigator: watch that one.
  const user = userEvent.setup(options.fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {})
  const writeText = vi.spyOn(navigator.clipboard, 'writeText')
  renderWithQueryClient(
    <ContentGenerator
      accounts={[ACCOUNT]}
      onSaveHook={
        options.save ??
        (async (text) => {
          saved.push(text)
        })
      }
      onMakeVideo={(idea) => made.push(idea)}
    />,
  )
  // What the generator sent (the panel also reads app-info, to say who writes).
  const generateCalls = () => api.calls.filter((c) => c.pathname === '/api/generate')
  return { ...api, generateCalls, saved, made, user, writeText }
}

const submit = () => screen.getByRole('button', { name: 'Generate content ideas' })

describe('AI content generator (Create Hooks tab)', () => {
  it('needs words for an ‘other’ concept and tone, and sends nothing until they are there', async () => {
    const ctx = setup()
    await ctx.user.selectOptions(screen.getByLabelText('Hook concept'), 'Other')
    await ctx.user.selectOptions(screen.getByLabelText('Tone'), 'Other')
    await ctx.user.click(submit())
    expect(screen.getByText(AI_MESSAGES.customConceptRequired)).toBeTruthy()
    expect(screen.getByText(AI_MESSAGES.customToneRequired)).toBeTruthy()
    expect(ctx.generateCalls()).toHaveLength(0)
    await ctx.user.type(screen.getByLabelText('Your hook concept'), 'myth busting')
    await ctx.user.type(screen.getByLabelText('Your tone'), 'deadpan')
    await ctx.user.click(submit())
    expect(await screen.findByRole('list', { name: 'Content ideas' })).toBeTruthy()
    expect(ctx.generateCalls()[0]?.body).toMatchObject({
      accountId: 'acc-1',
      hookConcept: 'other',
      tone: 'other',
      customConcept: 'myth busting',
      customTone: 'deadpan',
    })
  })

  it('takes at most 5 non-blank example hooks and comma-separated keywords', async () => {
    const ctx = setup()
    const example = screen.getByLabelText('Example hook')
    await ctx.user.type(example, '   {Enter}')
    expect(screen.queryByRole('list', { name: 'Example hooks' })).toBeNull()
    for (const text of ['a', 'b', 'c', 'd', 'e']) await ctx.user.type(example, `${text}{Enter}`)
    expect(within(screen.getByRole('list', { name: 'Example hooks' })).getAllByRole('listitem')).toHaveLength(5)
    expect((example as HTMLInputElement).disabled).toBe(true)
    await ctx.user.type(screen.getByLabelText('Must-include keywords'), 'budget, meal prep ,, ')
    await ctx.user.click(submit())
    await screen.findByRole('list', { name: 'Content ideas' })
    expect(ctx.generateCalls()[0]?.body).toMatchObject({
      mustInclude: ['budget', 'meal prep'],
      exampleHooks: ['a', 'b', 'c', 'd', 'e'],
    })
  })

  it('copies a hook with a checkmark for 2 s, and says so when the clipboard refuses', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    const ctx = setup({ fakeTimers: true })
    await ctx.user.click(submit())
    await screen.findByRole('list', { name: 'Content ideas' })
    const copy = screen.getByRole('button', { name: 'Copy the hook of Budget prep' })
    await ctx.user.click(copy)
    expect(ctx.writeText).toHaveBeenCalledWith('Nobody tells moms this budget trick')
    expect(copy.textContent).toBe('Copied ✓')
    act(() => {
      vi.advanceTimersByTime(FEEDBACK_MS)
    })
    expect(copy.textContent).toBe('Copy')
    ctx.writeText.mockRejectedValueOnce(new Error('denied'))
    await ctx.user.click(copy)
    expect(screen.getByRole('alert').textContent).toBe(AI_MESSAGES.copyFailed)
  })

  it('saves a hook with a tick, and shows why when saving fails', async () => {
    const ctx = setup()
    await ctx.user.click(submit())
    await screen.findByRole('list', { name: 'Content ideas' })
    const save = screen.getByRole('button', { name: 'Save the hook of Sunday reset' })
    await ctx.user.click(save)
    expect(ctx.saved).toEqual(['My budget Sunday reset'])
    expect(save.textContent).toBe('Saved ✓')
    cleanup()
    const failing = setup({ save: () => Promise.reject(new Error('Failed to save hook')) })
    await failing.user.click(submit())
    await screen.findByRole('list', { name: 'Content ideas' })
    await failing.user.click(screen.getByRole('button', { name: 'Save the hook of Sunday reset' }))
    expect(screen.getByRole('alert').textContent).toBe('Failed to save hook')
  })

  it('hands an idea on to be made into a video', async () => {
    const ctx = setup()
    await ctx.user.click(submit())
    await screen.findByRole('list', { name: 'Content ideas' })
    await ctx.user.click(screen.getByRole('button', { name: 'Make a video of Sunday reset' }))
    expect(ctx.made).toEqual([IDEAS.contentIdeas[1]])
  })

  it('says the spec’s messages when generation fails', async () => {
    const ctx = setup({
      reply: {
        status: 200,
        body: { success: false, message: AI_MESSAGES.contentFailed, provider: 'offline', contentIdeas: [] },
      },
    })
    await ctx.user.click(submit())
    expect(await screen.findByText(AI_MESSAGES.contentFailed)).toBeTruthy()
    cleanup()
    const model = setup({
      reply: {
        status: 200,
        body: {
          success: false,
          message: AI_MESSAGES.contentFailed,
          provider: 'openai-compatible',
          reason: AI_FAILURE_REASONS.invalid_output,
          contentIdeas: [],
        },
      },
    })
    await model.user.click(submit())
    expect(await screen.findByText(`${AI_MESSAGES.contentFailed}. ${AI_FAILURE_REASONS.invalid_output}`)).toBeTruthy()
    cleanup()
    const down = setup({ reply: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } })
    await down.user.click(submit())
    expect(await screen.findByText(AI_MESSAGES.ideasFailed)).toBeTruthy()
  })
})
