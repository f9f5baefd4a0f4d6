import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AI_FAILURE_REASONS, AI_MESSAGES } from '@hookpost/shared/ai'
import { DescribeAccountContext, type DescribeAccount } from '../../../lib/describe-account'
import { mockApi, renderWithQueryClient, type ApiReply } from '../../../testing/api-mock'
import { HookGenerator, type HookAccount } from './hook-generator'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const DESCRIBED: HookAccount = {
  id: 'acc-1',
  label: 'Bake Lab (@bakelab)',
  targetAudience: 'home bakers',
  niche: 'sourdough',
  appGoals: '',
}
const BLANK: HookAccount = { id: 'acc-2', label: 'Empty (@empty)', targetAudience: '', niche: ' ', appGoals: '' }

const SUGGESTIONS = {
  success: true,
  message: '2 hook suggestions',
  provider: 'offline',
  suggestions: [
    { id: 's1', text: 'Nobody tells home bakers this about sourdough' },
    { id: 's2', text: 'I baked sourdough for 30 days. Here is what happened' },
  ],
}

function setup(
  options: {
    accounts?: HookAccount[]
    title?: string
    reply?: ApiReply
    writer?: 'offline' | 'openai-compatible'
    /** What the dashboard provides to open an account's description (issue 30). */
    describe?: DescribeAccount
  } = {},
) {
  const api = mockApi((call) =>
    call.pathname === '/api/app-info'
      ? options.writer
        ? {
            status: 200,
            body: {
              supportEmail: 's@x',
              devOutbox: true,
              tiktokSandbox: true,
              ai: { writer: options.writer, images: 'offline' },
            },
          }
        : { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }
      : (options.reply ?? { status: 200, body: SUGGESTIONS }),
  )
  const applied: string[] = []
  function Host() {
    const [title, setTitle] = useState(options.title ?? '')
    return (
      <>
        <label>
          Title
          <input value={title} onChange={(e) => setTitle(e.target.value)} />
        </label>
        <HookGenerator
          accounts={options.accounts ?? [DESCRIBED, BLANK]}
          title={title}
          description="Crust secrets"
          onApply={(text) => applied.push(text)}
        />
      </>
    )
  }
  const user = userEvent.setup()
  renderWithQueryClient(
    options.describe ? (
      <DescribeAccountContext.Provider value={options.describe}>
        <Host />
      </DescribeAccountContext.Provider>
    ) : (
      <Host />
    ),
  )
  // What the generator sent (the panel also reads app-info, to say who writes).
  const generateCalls = () => api.calls.filter((c) => c.pathname === '/api/generate')
  return { ...api, generateCalls, applied, user }
}

const generate = () => screen.getByRole('button', { name: 'Generate hooks' })

describe('AI hook generator', () => {
  it('asks for an account, then a title, then a described account, in the spec’s words, and sends nothing', async () => {
    const ctx = setup()
    await ctx.user.click(generate())
    expect(screen.getByRole('alert').textContent).toBe(AI_MESSAGES.accountRequired)
    await ctx.user.selectOptions(screen.getByLabelText('TikTok account'), 'Empty (@empty)')
    await ctx.user.click(generate())
    expect(screen.getByRole('alert').textContent).toBe(AI_MESSAGES.titleRequired)
    await ctx.user.type(screen.getByLabelText('Title'), 'Crust')
    await ctx.user.click(generate())
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(AI_MESSAGES.accountIncomplete)
    // Outside the dashboard there is no dialog at hand: it says where the fields are.
    expect(alert.textContent).toContain('Schedule tab')
    expect(alert.textContent).toContain('Account Description')
    expect(ctx.generateCalls()).toHaveLength(0)
  })

  it('offers to open the undescribed account’s description right where it says it is incomplete', async () => {
    const describe = vi.fn<DescribeAccount>()
    const ctx = setup({ accounts: [BLANK], title: 'Crust', describe })
    await ctx.user.click(generate())
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain(AI_MESSAGES.accountIncomplete)
    await ctx.user.click(within(alert).getByRole('button', { name: 'Edit account description' }))
    expect(describe).toHaveBeenCalledWith('acc-2', expect.any(Function))
    // Saved in the dialog: said beside the button, which keeps focus.
    act(() => describe.mock.calls[0]![1]())
    expect(within(alert).getByRole('status').textContent).toBe('Account description saved. Try again now.')
    expect(ctx.generateCalls()).toHaveLength(0)
  })

  it('sends the account and the video’s words, lists the suggestions, and adds one as an overlay in one click', async () => {
    const ctx = setup({ accounts: [DESCRIBED], title: '  Crust ' })
    // With one account, it is chosen already.
    expect((screen.getByLabelText('TikTok account') as HTMLSelectElement).value).toBe('acc-1')
    await ctx.user.click(generate())
    const list = await screen.findByRole('list', { name: 'Hook suggestions' })
    expect(ctx.generateCalls()).toMatchObject([
      {
        method: 'POST',
        path: '/api/generate?type=hooks',
        body: { accountId: 'acc-1', videoTitle: '  Crust ', videoDescription: 'Crust secrets' },
      },
    ])
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('p')?.textContent),
    ).toEqual([SUGGESTIONS.suggestions[0]!.text, SUGGESTIONS.suggestions[1]!.text])
    expect(screen.getByText('Written by Hookpost’s built-in generator (offline).')).toBeTruthy()
    const add = screen.getByRole('button', { name: `Add “${SUGGESTIONS.suggestions[1]!.text}” as an overlay` })
    await ctx.user.click(add)
    expect(ctx.applied).toEqual([SUGGESTIONS.suggestions[1]!.text])
    expect(add.textContent).toBe('Added ✓')
  })

  it('says the spec’s message when generation failed, and shows no suggestion', async () => {
    const ctx = setup({
      title: 'Crust',
      accounts: [DESCRIBED],
      reply: {
        status: 200,
        body: { success: false, message: AI_MESSAGES.hooksFailed, provider: 'offline', suggestions: [] },
      },
    })
    await ctx.user.click(generate())
    expect((await screen.findByRole('alert')).textContent).toBe(AI_MESSAGES.hooksFailed)
    expect(screen.queryByRole('list', { name: 'Hook suggestions' })).toBeNull()
  })

  it('says before generating who writes the hooks, and why a configured model gave none', async () => {
    const ctx = setup({
      title: 'Crust',
      accounts: [DESCRIBED],
      writer: 'openai-compatible',
      reply: {
        status: 200,
        body: {
          success: false,
          message: AI_MESSAGES.hooksFailed,
          provider: 'openai-compatible',
          reason: AI_FAILURE_REASONS.rate_limited,
          suggestions: [],
        },
      },
    })
    expect(await screen.findByText('Your configured AI model writes these.')).toBeTruthy()
    await ctx.user.click(generate())
    expect((await screen.findByRole('alert')).textContent).toBe(
      `${AI_MESSAGES.hooksFailed} ${AI_FAILURE_REASONS.rate_limited}`,
    )
  })

  it('says when the built-in offline generator writes them', async () => {
    setup({ writer: 'offline' })
    expect(await screen.findByText(/No AI model is configured: Hookpost’s built-in offline generator/)).toBeTruthy()
  })

  it('says ‘Failed to generate hook suggestions’ when the server errs', async () => {
    const ctx = setup({
      title: 'Crust',
      accounts: [DESCRIBED],
      reply: { status: 500, body: { code: 'INTERNAL', message: 'boom' } },
    })
    await ctx.user.click(generate())
    expect((await screen.findByRole('alert')).textContent).toBe(AI_MESSAGES.suggestionsFailed)
  })

  it('shows the per-person AI rate’s answer as it is, saying how long to wait (ADR 055)', async () => {
    const ctx = setup({
      title: 'Crust',
      accounts: [DESCRIBED],
      reply: { status: 429, body: { code: 'RATE_LIMITED', message: AI_MESSAGES.tooManyGenerations(42) } },
    })
    await ctx.user.click(generate())
    expect((await screen.findByRole('alert')).textContent).toBe(AI_MESSAGES.tooManyGenerations(42))
    expect(AI_MESSAGES.tooManyGenerations(42)).toContain('Wait 42 seconds and try again.')
  })

  it('offers to connect an account when there is none', () => {
    setup({ accounts: [] })
    expect(screen.getByText('Connect a TikTok account in the Schedule tab to get hook ideas.')).toBeTruthy()
  })
})

describe('HookGenerator: one account', () => {
  it('chooses the only account when the accounts arrive after the first render (they are fetched)', () => {
    mockApi(() => ({ status: 404 }))
    const props = { title: 'Sourdough', description: '', onApply: () => undefined }
    const view = renderWithQueryClient(<HookGenerator accounts={[]} {...props} />)
    view.rerender(
      <QueryClientProvider client={view.queryClient}>
        <HookGenerator accounts={[DESCRIBED]} {...props} />
      </QueryClientProvider>,
    )
    expect((screen.getByLabelText('TikTok account') as HTMLSelectElement).value).toBe('acc-1')
  })

  it('leaves the choice to the person with two accounts', () => {
    mockApi(() => ({ status: 404 }))
    renderWithQueryClient(
      <HookGenerator accounts={[DESCRIBED, BLANK]} title="" description="" onApply={() => undefined} />,
    )
    expect((screen.getByLabelText('TikTok account') as HTMLSelectElement).value).toBe('')
  })

  it('shows and changes the form’s account when the form keeps it (the Create form’s draft)', async () => {
    mockApi(() => ({ status: 404 }))
    const onAccountChange = vi.fn()
    renderWithQueryClient(
      <HookGenerator
        accounts={[DESCRIBED, BLANK]}
        title=""
        description=""
        onApply={() => undefined}
        accountId={BLANK.id}
        onAccountChange={onAccountChange}
      />,
    )
    const select = screen.getByLabelText<HTMLSelectElement>('TikTok account')
    expect(select.value).toBe(BLANK.id)
    await userEvent.setup().selectOptions(select, DESCRIBED.id)
    expect(onAccountChange).toHaveBeenCalledWith(DESCRIBED.id)
  })
})
