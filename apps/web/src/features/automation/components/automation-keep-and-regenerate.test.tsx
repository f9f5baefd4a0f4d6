import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { QueryClientProvider } from '@tanstack/react-query'
import type { AutomationOverview, AutomationSettings } from '@hookpost/shared/automation'
import { MESSAGES } from '@hookpost/shared/messages'
import {
  automationApi,
  installDialogPolyfill,
  makeOverview,
  makeRun,
  makeSlot,
  READY_SETTINGS,
  renderAutomationPanel,
  renderWithQueryClient,
} from '../testing/test-utils'
import { automationKey } from '../api/automation-key'
import { AUTOMATION_TABS } from '../utils/form'
import { RegenerateHook } from './regenerate-hook'
import { touchedQuestion } from './save-confirm-dialog'

beforeAll(installDialogPolyfill)
afterEach(cleanup)

const READY: Partial<AutomationSettings> = { ...READY_SETTINGS, reviewBeforePosting: true }

function setup(overview: AutomationOverview, options: Parameters<typeof automationApi>[1] = {}) {
  return { ...renderAutomationPanel(overview, options), user: userEvent.setup() }
}

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) })

/** Three waiting posts: one the person approved, one they edited, one untouched. */
const reviewed = () =>
  makeOverview(READY, [
    makeRun({
      trigger: 'settings',
      slots: [
        makeSlot({ state: 'scheduled', approved: true, postId: 'p1' }),
        makeSlot({ state: 'draft', edited: true, postId: 'p2' }),
        makeSlot({ state: 'draft', postId: 'p3' }),
      ],
    }),
  ])

describe('the account choice', () => {
  it('sits above the sub-tabs and is there on every one of them', async () => {
    const ctx = setup(makeOverview(READY))
    await screen.findByRole('switch', { name: 'Automation' })
    for (const { label } of AUTOMATION_TABS) {
      await ctx.user.click(tab(label))
      const account = screen.getByLabelText('TikTok account') as HTMLSelectElement
      expect(account.closest('[hidden]')).toBeNull()
      expect(account.closest('[role="tabpanel"]')).toBeNull()
      expect(account.value).toBe('acc-1')
    }
  })
})

describe('saving changed settings over posts the person approved or edited (ADR 050)', () => {
  it('asks how many would be affected, with Cancel first, and sends the choice to keep or replace them', async () => {
    const ctx = setup(reviewed())
    await screen.findByRole('switch', { name: 'Automation' })
    await ctx.user.click(tab('Schedule Settings'))
    await ctx.user.selectOptions(screen.getByLabelText('Posts per day'), '2')
    await ctx.user.click(screen.getByRole('button', { name: 'Save Settings' }))

    const dialog = screen.getByRole('dialog', { name: 'Plan your posts again?' })
    expect(dialog.textContent).toContain('You approved or edited 2 of the 3 posts not posted yet.')
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }))
    await ctx.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(ctx.puts()).toHaveLength(0)

    await ctx.user.click(screen.getByRole('button', { name: 'Save Settings' }))
    await ctx.user.click(screen.getByRole('button', { name: 'Save, keep them' }))
    expect(await screen.findByText(/^Automation settings saved/)).toBeTruthy()
    expect(ctx.puts()[0]?.body).toMatchObject({ postsPerDay: 2, approvedOrEdited: 'keep' })

    await ctx.user.click(tab('Schedule Settings'))
    await ctx.user.selectOptions(screen.getByLabelText('Posts per day'), '1')
    ctx.set(reviewed())
    await act(() => ctx.queryClient.invalidateQueries({ queryKey: automationKey }))
    await ctx.user.click(screen.getByRole('button', { name: 'Save Settings' }))
    await ctx.user.click(screen.getByRole('button', { name: 'Save, replace them' }))
    expect(await screen.findByText(/^Automation settings saved/)).toBeTruthy()
    expect(ctx.puts()[1]?.body).toMatchObject({ postsPerDay: 1, approvedOrEdited: 'replace' })
  })

  it('asks the same when turning automation off, in its own words', async () => {
    const ctx = setup(reviewed())
    await ctx.user.click(await screen.findByRole('switch', { name: 'Automation' }))
    await ctx.user.click(screen.getByRole('button', { name: 'Save Settings' }))
    const dialog = screen.getByRole('dialog', { name: 'Turn automation off?' })
    expect(dialog.textContent).toContain('Keep them (they still go out at their time), or cancel them too?')
    await ctx.user.click(within(dialog).getByRole('button', { name: 'Turn off, keep them' }))
    expect(await screen.findByText(/^Automation settings saved/)).toBeTruthy()
    expect(ctx.puts()[0]?.body).toMatchObject({ enabled: false, approvedOrEdited: 'keep' })
  })

  it('with none approved or edited, asks as before and keeps any it cannot see', async () => {
    const ctx = setup(makeOverview(READY, [makeRun({ slots: [makeSlot({ state: 'draft', postId: 'p3' })] })]))
    await screen.findByRole('switch', { name: 'Automation' })
    await ctx.user.click(tab('Schedule Settings'))
    await ctx.user.selectOptions(screen.getByLabelText('Posts per day'), '2')
    await ctx.user.click(screen.getByRole('button', { name: 'Save Settings' }))
    await ctx.user.click(screen.getByRole('button', { name: 'Save and plan again' }))
    expect(await screen.findByText(/^Automation settings saved/)).toBeTruthy()
    expect(ctx.puts()[0]?.body).toMatchObject({ approvedOrEdited: 'keep' })
  })
})

describe('what the keep-or-replace question says', () => {
  it('counts them in words for one, some or all of the waiting posts', () => {
    expect(touchedQuestion('replan', 1, 1)).toMatchObject({
      text: expect.stringContaining('You approved or edited it. Keep it as it is (its day gets no new posts)'),
      keepLabel: 'Save, keep it',
      replaceLabel: 'Save, replace it',
    })
    expect(touchedQuestion('replan', 3, 2).text).toContain(
      'You approved or edited 2 of the 3 posts not posted yet. Keep them as they are (the others are planned again; their days get no new posts)',
    )
    expect(touchedQuestion('off', 2, 2)).toMatchObject({
      text: expect.stringContaining(
        'You approved or edited all 2 of them. Keep them (they still go out at their time)',
      ),
      keepLabel: 'Turn off, keep them',
      replaceLabel: 'Turn off, cancel them too',
    })
  })
})

describe('Run Now, live', () => {
  it('says how its post is doing as the History changes', async () => {
    const made = makeRun({ trigger: 'run_now', slots: [makeSlot({ id: 'now-1', state: 'rendering' })] })
    const ctx = setup(makeOverview({ ...READY, reviewBeforePosting: false }), {
      runNow: () => ({ status: 200, body: makeOverview({ ...READY, reviewBeforePosting: false }, [made]) }),
    })
    await ctx.user.click(await screen.findByRole('button', { name: 'Run Now' }))
    expect(await screen.findByText('Run Now: rendering the video…')).toBeTruthy()
    ctx.set(
      makeOverview({ ...READY, reviewBeforePosting: false }, [
        { ...made, slots: [{ ...made.slots[0]!, state: 'posted', postId: 'p9' }] },
      ]),
    )
    await act(() => ctx.queryClient.invalidateQueries({ queryKey: automationKey }))
    expect(await screen.findByText('Run Now: posted to TikTok.')).toBeTruthy()
  })
})

describe('Regenerate in the review dialog', () => {
  function renderHook(slot = makeSlot({ id: 'slot-r', state: 'draft', postId: 'p1' }), asked = false) {
    const api = automationApi(makeOverview(READY), {
      regenerate: () => ({
        status: 409,
        body: { code: 'CONFLICT', message: MESSAGES.redraftGoneOut },
      }),
    })
    const view = renderWithQueryClient(<RegenerateHook slot={slot} asked={asked} onAsked={() => undefined} />)
    return { ...api, view, user: userEvent.setup() }
  }

  it('asks the server for the slot, and says why when it refuses', async () => {
    const ctx = renderHook()
    const button = screen.getByRole('button', { name: 'Regenerate' })
    expect(button.getAttribute('aria-describedby')).toBeTruthy()
    await ctx.user.click(button)
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.redraftGoneOut)
    expect(ctx.regenerations().map((c) => c.pathname)).toEqual(['/api/automation/slots/slot-r/regenerate'])
  })

  it('waits while the new hook is made, then says what it is', async () => {
    const hook = 'Three things nobody tells you'
    const ctx = renderHook(makeSlot({ state: 'rendering', regenerating: true, postId: 'p1', hookText: hook }))
    expect((screen.getByRole('button', { name: 'Regenerating...' }) as HTMLButtonElement).disabled).toBe(true)
    expect(await screen.findByText(`Rendering the video with the new hook “${hook}”…`)).toBeTruthy()
    ctx.view.rerender(
      <QueryClientProvider client={ctx.view.queryClient}>
        <RegenerateHook slot={makeSlot({ state: 'draft', postId: 'p1', hookText: hook })} asked onAsked={() => {}} />
      </QueryClientProvider>,
    )
    expect(await screen.findByText(new RegExp(`^New hook: “${hook}”`))).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy()
  })
})
