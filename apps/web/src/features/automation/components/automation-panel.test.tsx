import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  AUTOMATION_MESSAGES,
  windowTooShortMessage,
  type AutomationOverview,
  type AutomationSettings,
} from '@hookpost/shared/automation'
import { AI_MESSAGES } from '@hookpost/shared/ai'
import { NOTICE_MS } from '../../../lib/use-notice'
import type { ApiReply } from '../../../testing/api-mock'
import type { automationApi } from '../testing/test-utils'
import {
  accountChoices,
  installDialogPolyfill,
  makeOverview,
  makeRun,
  makeSlot,
  renderAutomationPanel,
} from '../testing/test-utils'
import { SAVED_MESSAGE } from '../utils/save-settings'
import type { AutomationPanelProps } from './automation-panel'

beforeAll(installDialogPolyfill)
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function setup(
  overview: AutomationOverview = makeOverview(),
  options: Parameters<typeof automationApi>[1] = {},
  props: Partial<AutomationPanelProps> & { fakeTimers?: boolean } = {},
) {
  const { fakeTimers, ...panelProps } = props
  const user = userEvent.setup(fakeTimers ? { advanceTimers: vi.advanceTimersByTime.bind(vi) } : {})
  return { ...renderAutomationPanel(overview, options, panelProps), user }
}

const toggle = () => screen.findByRole('switch', { name: 'Automation' })
/** A sub-tab, whatever problem count it shows after its name. */
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`^${name}`) })
const saveButton = () => screen.getByRole('button', { name: 'Save Settings' })
const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value
const summary = () => screen.getByText(/^Please fix/).closest('[role="alert"]') as HTMLElement
const summaryMessages = () =>
  within(summary())
    .getAllByRole('listitem')
    .map((li) => li.querySelector('span')?.textContent)
function setTime(label: string, time: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: time } })
}

describe('Automation tab: loading', () => {
  it('shows the defaults before the first save: off, Random, Mon/Wed/Fri, 3 a day, 10:00–18:00 in the zone', async () => {
    const ctx = setup()
    const sw = await toggle()
    expect(sw.getAttribute('aria-checked')).toBe('false')
    expect(screen.getByText(/^Off: nothing is planned/)).toBeTruthy()
    expect(tab('Content Settings').getAttribute('aria-selected')).toBe('true')
    const concept = screen.getByLabelText('Hook concept') as HTMLSelectElement
    expect(concept.value).toBe('random')
    expect(concept.selectedOptions[0]?.textContent).toBe('Random')
    expect((screen.getByLabelText('Tone') as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('Random')

    await ctx.user.click(tab('Schedule Settings'))
    const days = screen.getByRole('group', { name: 'Posting days' })
    const checked = within(days)
      .getAllByRole('checkbox')
      .filter((c) => (c as HTMLInputElement).checked)
      .map((c) => c.closest('label')?.textContent)
    expect(checked).toEqual(['Monday', 'Wednesday', 'Friday'])
    expect(within(days).getAllByRole('checkbox')).toHaveLength(7)
    expect(value('Posts per day')).toBe('3')
    expect(value('Start time')).toBe('10:00')
    expect(value('End time')).toBe('18:00')
    expect(screen.getByText('Times are in Europe/Paris')).toBeTruthy()

    await ctx.user.click(tab('Advanced Settings'))
    expect(value('TikTok account')).toBe('')
    expect(value('Who can see these posts')).toBe('')
    for (const name of ['Allow comments', 'Allow duets', 'Allow stitches']) {
      expect((screen.getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(false)
    }
    expect(screen.getByRole('heading', { name: 'History' })).toBeTruthy()
    expect(screen.getByText(/^No runs yet/)).toBeTruthy()
    expect(ctx.gets()).toHaveLength(1)
  })

  it("says 'Failed to fetch automation settings' with Try again when the GET fails", async () => {
    let fail = true
    const ctx = setup(makeOverview(), {
      get: () =>
        fail ? { status: 500, body: { code: 'INTERNAL', message: 'boom' } } : { status: 200, body: makeOverview() },
    })
    expect(await screen.findByText(AUTOMATION_MESSAGES.fetchFailed)).toBeTruthy()
    expect(screen.queryByRole('switch')).toBeNull()
    fail = false
    await ctx.user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await toggle()).toBeTruthy()
    expect(screen.queryByText(AUTOMATION_MESSAGES.fetchFailed)).toBeNull()
  })

  it('keeps edits when switching between sub-tabs', async () => {
    const ctx = setup()
    await toggle()
    await ctx.user.type(screen.getByLabelText('Must-include keywords'), 'budget')
    await ctx.user.click(tab('Schedule Settings'))
    await ctx.user.selectOptions(screen.getByLabelText('Posts per day'), '5')
    await ctx.user.click(tab('Content Settings'))
    expect(value('Must-include keywords')).toBe('budget')
    await ctx.user.click(tab('Schedule Settings'))
    expect(value('Posts per day')).toBe('5')
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy()
  })
})

describe('Automation tab: validation (nothing is sent while invalid)', () => {
  it('enabling with nothing chosen: each message on its field and in the summary, with a way to its sub-tab', async () => {
    const ctx = setup()
    await ctx.user.click(await toggle())
    expect((await toggle()).getAttribute('aria-checked')).toBe('true')
    expect(screen.getByText('On once you save your settings.')).toBeTruthy()
    await ctx.user.click(tab('Schedule Settings'))
    for (const day of ['Monday', 'Wednesday', 'Friday']) {
      await ctx.user.click(screen.getByRole('checkbox', { name: day }))
    }
    await ctx.user.click(saveButton())

    expect(summaryMessages()).toEqual([
      AUTOMATION_MESSAGES.accountRequired,
      AUTOMATION_MESSAGES.videosRequired,
      AUTOMATION_MESSAGES.daysRequired,
      AUTOMATION_MESSAGES.privacyRequired,
    ])
    expect(document.activeElement).toBe(summary())
    expect(ctx.puts()).toHaveLength(0)
    // The sub-tabs say how many problems they hold.
    // The account is chosen above the sub-tabs: its problem is on none of them.
    expect(tab('Advanced Settings').textContent).toBe('Advanced Settings 1 problem')
    expect(tab('Schedule Settings').textContent).toBe('Schedule Settings 1 problem')
    expect(tab('Content Settings').textContent).toBe('Content Settings')
    // On the field too: the days are on the tab shown.
    const days = screen.getByRole('group', { name: 'Posting days' })
    expect(within(days).getByText(AUTOMATION_MESSAGES.daysRequired)).toBeTruthy()

    // 'Go to TikTok account' puts the person on the account choice, above the sub-tab shown.
    const accountItem = within(summary()).getByText(AUTOMATION_MESSAGES.accountRequired).closest('li')!
    await ctx.user.click(within(accountItem).getByRole('button', { name: 'Go to TikTok account' }))
    expect(tab('Schedule Settings').getAttribute('aria-selected')).toBe('true')
    const account = screen.getByLabelText('TikTok account')
    expect(document.activeElement).toBe(account)
    expect(account.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getAllByText(AUTOMATION_MESSAGES.accountRequired)).toHaveLength(2)
    const privacyItem = within(summary()).getByText(AUTOMATION_MESSAGES.privacyRequired).closest('li')!
    await ctx.user.click(within(privacyItem).getByRole('button', { name: 'Go to Advanced Settings' }))
    expect(tab('Advanced Settings').getAttribute('aria-selected')).toBe('true')
    expect(screen.getAllByText(AUTOMATION_MESSAGES.privacyRequired)).toHaveLength(2)

    const videosItem = within(summary()).getByText(AUTOMATION_MESSAGES.videosRequired).closest('li')!
    await ctx.user.click(within(videosItem).getByRole('button', { name: 'Go to Video Selection' }))
    expect(tab('Video Selection').getAttribute('aria-selected')).toBe('true')
    expect(screen.getAllByText(AUTOMATION_MESSAGES.videosRequired)).toHaveLength(2)

    // Fixing a field takes its message away; the rest stay.
    await ctx.user.click(screen.getByRole('checkbox', { name: 'Feature tour' }))
    expect(summaryMessages()).toEqual([
      AUTOMATION_MESSAGES.accountRequired,
      AUTOMATION_MESSAGES.daysRequired,
      AUTOMATION_MESSAGES.privacyRequired,
    ])
    expect(ctx.puts()).toHaveLength(0)
  })

  it("the window: 'End time must be after start time' and 'Not enough time … for N posts', as soon as they are true", async () => {
    const ctx = setup()
    await toggle()
    await ctx.user.click(tab('Schedule Settings'))
    setTime('End time', '09:00')
    expect(screen.getByText(AUTOMATION_MESSAGES.endAfterStart)).toBeTruthy()
    expect(screen.getByLabelText('End time').getAttribute('aria-invalid')).toBe('true')
    setTime('End time', '11:00')
    expect(screen.queryByText(AUTOMATION_MESSAGES.endAfterStart)).toBeNull()
    // 3 posts 30 minutes apart need 60 minutes: 10:00–11:00 is enough; 5 need 120.
    expect(screen.queryByText(/^Not enough time/)).toBeNull()
    await ctx.user.selectOptions(screen.getByLabelText('Posts per day'), '5')
    expect(screen.getByText(windowTooShortMessage(5))).toBeTruthy()

    await ctx.user.click(saveButton())
    expect(summaryMessages()).toEqual([windowTooShortMessage(5)])
    expect(ctx.puts()).toHaveLength(0)
    await ctx.user.selectOptions(screen.getByLabelText('Posts per day'), '3')
    expect(screen.queryByText(windowTooShortMessage(5))).toBeNull()
    expect(screen.queryByText(/^Please fix/)).toBeNull()
  })

  it("needs words for an 'Other' concept and tone; example hooks: non-blank, at most 5, removable", async () => {
    const ctx = setup()
    await toggle()
    await ctx.user.selectOptions(screen.getByLabelText('Hook concept'), 'Other')
    await ctx.user.selectOptions(screen.getByLabelText('Tone'), 'Other')
    await ctx.user.click(saveButton())
    expect(summaryMessages()).toEqual([
      AUTOMATION_MESSAGES.customConceptRequired,
      AUTOMATION_MESSAGES.customToneRequired,
    ])
    expect(screen.getByLabelText('Your hook concept').getAttribute('aria-invalid')).toBe('true')
    expect(ctx.puts()).toHaveLength(0)

    const example = screen.getByLabelText('Example hook') as HTMLInputElement
    await ctx.user.type(example, '   {Enter}')
    expect(screen.queryByRole('list', { name: 'Example hooks' })).toBeNull()
    for (const text of ['a', 'b', 'c', 'd', 'e']) await ctx.user.type(example, `${text}{Enter}`)
    const list = screen.getByRole('list', { name: 'Example hooks' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(5)
    expect(example.disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Add example' }) as HTMLButtonElement).disabled).toBe(true)
    await ctx.user.click(screen.getByRole('button', { name: 'Remove example “c”' }))
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent),
    ).toEqual(['a', 'b', 'd', 'e'])
    expect(example.disabled).toBe(false)
  })
})

/** Fills in everything enabling needs, across the four sub-tabs. */
async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await toggle())
  await user.type(screen.getByLabelText('Must-include keywords'), 'budget, meal prep ,, ')
  await user.type(screen.getByLabelText('Example hook'), 'Stop scrolling{Enter}')
  await user.click(tab('Schedule Settings'))
  await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }))
  await user.click(screen.getByRole('checkbox', { name: 'Saturday' }))
  await user.selectOptions(screen.getByLabelText('Posts per day'), '2')
  setTime('Start time', '09:00')
  setTime('End time', '12:00')
  await user.click(tab('Video Selection'))
  await user.click(screen.getByRole('checkbox', { name: 'My pancakes' }))
  await user.click(screen.getByRole('checkbox', { name: 'Feature tour' }))
  expect(screen.getByText('2 selected')).toBeTruthy()
  await user.click(tab('Advanced Settings'))
  await user.selectOptions(screen.getByLabelText('TikTok account'), 'Bake Lab (@bakelab)')
  await user.selectOptions(screen.getByLabelText('Who can see these posts'), 'Only me')
  await user.click(screen.getByRole('checkbox', { name: 'Allow comments' }))
}

const VALID_BODY = {
  enabled: true,
  hookConcept: 'random',
  customConcept: '',
  tone: 'random',
  customTone: '',
  mustInclude: ['budget', 'meal prep'],
  mayInclude: [],
  customPrompt: '',
  exampleHooks: ['Stop scrolling'],
  days: ['monday', 'friday', 'saturday'],
  postsPerDay: 2,
  windowStart: '09:00',
  windowEnd: '12:00',
  postingTimes: 'random',
  videoIds: ['video:v1', 'stock:feature-tour'],
  format: 'video',
  slideshowImageIds: [],
  slidesPerPost: 3,
  accountId: 'acc-2',
  postSettings: { privacyLevel: 'SELF_ONLY', allowComment: true, allowDuet: false, allowStitch: false },
  reviewBeforePosting: false,
  sendAsDrafts: false,
  // Never silently: the posts the person approved or edited are kept unless they choose otherwise (ADR 050).
  approvedOrEdited: 'keep',
}

describe('Automation tab: saving', () => {
  it('enable + save sends the exact PUT body, says what was planned, and clears the notice after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    let release: () => void = () => {}
    const ctx = setup(
      makeOverview(),
      {
        put: (body) =>
          new Promise<ApiReply>((resolve) => {
            release = () =>
              resolve({
                status: 200,
                body: makeOverview({ ...(body as object), updatedAt: '2026-04-15T10:00:00.000Z' }, [
                  {
                    id: 'run-new',
                    trigger: 'settings',
                    startedAt: '2026-04-15T10:00:00.000Z',
                    summary: 'Planned 2 posts for Friday, 17 April',
                    slots: [],
                  },
                ]),
              })
          }),
      },
      { fakeTimers: true },
    )
    await fillValid(ctx.user)
    // The window is in the chosen account's zone.
    await ctx.user.click(tab('Schedule Settings'))
    expect(screen.getByText('Times are in America/New_York')).toBeTruthy()

    await ctx.user.click(saveButton())
    const busy = screen.getByRole('button', { name: 'Saving...' }) as HTMLButtonElement
    expect(busy.disabled).toBe(true)
    expect((screen.getByRole('button', { name: 'Run Now' }) as HTMLButtonElement).disabled).toBe(true)
    expect(ctx.puts()).toHaveLength(1)
    expect(ctx.puts()[0]?.body).toEqual(VALID_BODY)

    act(() => release())
    const notice = await screen.findByText(`${SAVED_MESSAGE}. Planned 2 posts for Friday, 17 April`)
    expect(notice.closest('[role="status"]')).toBeTruthy()
    expect((await toggle()).getAttribute('aria-checked')).toBe('true')
    expect(screen.queryByText('You have unsaved changes.')).toBeNull()
    expect(screen.getByText('Settings saved')).toBeTruthy()
    act(() => {
      vi.advanceTimersByTime(NOTICE_MS)
    })
    expect(screen.queryByText(/^Automation settings saved/)).toBeNull()
  })

  it('offers Best performing concepts and tones and best posting times, and saves them', async () => {
    const ctx = setup(makeOverview(), {
      put: (body) => ({
        status: 200,
        body: makeOverview({ ...(body as object), updatedAt: '2026-04-15T10:00:00.000Z' }),
      }),
    })
    await fillValid(ctx.user)
    await ctx.user.click(tab('Content Settings'))
    const best = 'Best performing (learns from your results)'
    await ctx.user.selectOptions(screen.getByLabelText('Hook concept'), best)
    await ctx.user.selectOptions(screen.getByLabelText('Tone'), best)
    expect(screen.getAllByText(/1 in 5 posts tries something less proven/)).toHaveLength(2)
    await ctx.user.click(tab('Schedule Settings'))
    const times = screen.getByLabelText('Posting times') as HTMLSelectElement
    expect(times.selectedOptions[0]?.textContent).toBe('Random times in the window')
    await ctx.user.selectOptions(times, 'Best times (learns from your results)')
    expect(screen.getByText(/Until the account has 10 posts with stats, times are random/)).toBeTruthy()
    await ctx.user.click(saveButton())
    await vi.waitFor(() => expect(ctx.puts()).toHaveLength(1))
    expect(ctx.puts()[0]?.body).toEqual({ ...VALID_BODY, hookConcept: 'best', tone: 'best', postingTimes: 'best' })
  })

  it("shows the server's 400 details on their fields and in the summary", async () => {
    const ctx = setup(makeOverview(), {
      put: () => ({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: AUTOMATION_MESSAGES.videosRequired,
          details: [{ path: 'videoIds', message: AUTOMATION_MESSAGES.videosRequired }],
        },
      }),
    })
    await fillValid(ctx.user)
    await ctx.user.click(saveButton())
    await waitFor(() => expect(summaryMessages()).toEqual([AUTOMATION_MESSAGES.videosRequired]))
    await ctx.user.click(within(summary()).getByRole('button', { name: 'Go to Video Selection' }))
    expect(tab('Video Selection').getAttribute('aria-selected')).toBe('true')
    expect(screen.getAllByText(AUTOMATION_MESSAGES.videosRequired)).toHaveLength(2)
  })

  it.each([
    ['a 500', { status: 500, body: { code: 'INTERNAL', message: 'An unexpected error occurred. Please try again.' } }],
    ['a 502 page', { status: 502 }],
  ] as const)("says 'Failed to save automation settings' on %s", async (_name, reply) => {
    const ctx = setup(makeOverview(), { put: () => reply })
    await fillValid(ctx.user)
    await ctx.user.click(saveButton())
    expect((await screen.findByRole('alert')).textContent).toBe(AUTOMATION_MESSAGES.saveFailed)
    // The edits are still there, to try again.
    expect(value('Who can see these posts')).toBe('SELF_ONLY')
  })

  it('asks before turning automation off, and sends nothing when cancelled', async () => {
    const saved = makeOverview({
      enabled: true,
      accountId: 'acc-1',
      videoIds: ['stock:feature-tour'],
      postSettings: { privacyLevel: 'PUBLIC_TO_EVERYONE', allowComment: true, allowDuet: true, allowStitch: true },
    })
    const ctx = setup(saved)
    const sw = await toggle()
    expect(sw.getAttribute('aria-checked')).toBe('true')
    await ctx.user.click(sw)
    await ctx.user.click(saveButton())
    const dialog = screen.getByRole('dialog', { name: 'Turn automation off?' })
    await ctx.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(ctx.puts()).toHaveLength(0)

    await ctx.user.click(saveButton())
    await ctx.user.click(
      within(screen.getByRole('dialog', { name: 'Turn automation off?' })).getByRole('button', {
        name: 'Turn off and save',
      }),
    )
    expect(await screen.findByText(SAVED_MESSAGE)).toBeTruthy()
    expect(ctx.puts()).toHaveLength(1)
    expect(ctx.puts()[0]?.body).toMatchObject({ enabled: false, accountId: 'acc-1' })
    expect((await toggle()).getAttribute('aria-checked')).toBe('false')
  })
})

/** Saved settings Run Now can plan with. */
const READY: Partial<AutomationSettings> = {
  enabled: true,
  accountId: 'acc-1',
  videoIds: ['stock:feature-tour'],
  postSettings: { privacyLevel: 'PUBLIC_TO_EVERYONE', allowComment: true, allowDuet: true, allowStitch: true },
}

describe('Automation tab: Run Now', () => {
  it('says on the page what the saved settings lack, and asks the server nothing', async () => {
    const ctx = setup(makeOverview({ days: [] }))
    await toggle()
    await ctx.user.click(screen.getByRole('button', { name: 'Run Now' }))
    const box = (await screen.findByText(/^Run Now uses your saved settings/)).closest('[role="alert"]') as HTMLElement
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent),
    ).toEqual([
      `${AUTOMATION_MESSAGES.disabled}.`,
      `${AUTOMATION_MESSAGES.noAccount}.`,
      `${AUTOMATION_MESSAGES.noVideos}.`,
      `${AUTOMATION_MESSAGES.noDays}.`,
    ])
    expect(box.textContent).toContain('Turn automation on and save your settings.')
    expect(ctx.runs()).toHaveLength(0)
  })

  it('counts a saved account that was deleted since as none', async () => {
    const ctx = setup(makeOverview({ ...READY, accountId: 'acc-gone' }))
    await toggle()
    await ctx.user.click(screen.getByRole('button', { name: 'Run Now' }))
    const box = (await screen.findByText(/^Run Now uses your saved settings/)).closest('[role="alert"]') as HTMLElement
    expect(
      within(box)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('span')?.textContent),
    ).toEqual([`${AUTOMATION_MESSAGES.noAccount}.`])
    expect(ctx.runs()).toHaveLength(0)
  })

  it('says what Run Now does: makes one post now and posts it as soon as its video is ready', async () => {
    setup(makeOverview(READY))
    await toggle()
    const hint = screen.getByText(/^Run Now makes/)
    expect(hint.textContent).toBe(
      'Run Now makes one post now with your saved settings and posts it as soon as its video is ready.',
    )
    expect(screen.getByRole('button', { name: 'Run Now' }).getAttribute('aria-describedby')).toBe(hint.id)
  })

  it.each([
    AUTOMATION_MESSAGES.disabled,
    AUTOMATION_MESSAGES.noAccount,
    AUTOMATION_MESSAGES.noVideos,
    AUTOMATION_MESSAGES.noDays,
    windowTooShortMessage(3),
  ])("shows the server's refusal as given: %s", async (message) => {
    const ctx = setup(makeOverview(READY), {
      runNow: () => ({ status: 400, body: { code: 'BAD_REQUEST', message } }),
    })
    await toggle()
    await ctx.user.click(screen.getByRole('button', { name: 'Run Now' }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    expect(ctx.runs()).toHaveLength(1)
  })

  it('when the saved account is undescribed, says so and offers its Account Description (issue 30)', async () => {
    const ctx = setup(makeOverview(READY), {
      runNow: () => ({ status: 400, body: { code: 'VALIDATION_FAILED', message: AI_MESSAGES.accountIncomplete } }),
    })
    await toggle()
    await ctx.user.click(screen.getByRole('button', { name: 'Run Now' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(AI_MESSAGES.accountIncomplete)
    // Outside the dashboard's provider it says where to go.
    expect(alert.textContent).toContain('Schedule tab')
  })

  it("says 'Failed to run automation' on a 5xx", async () => {
    const ctx = setup(makeOverview(READY), {
      runNow: () => ({ status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'down' } }),
    })
    await toggle()
    await ctx.user.click(screen.getByRole('button', { name: 'Run Now' }))
    expect((await screen.findByRole('alert')).textContent).toBe(AUTOMATION_MESSAGES.runFailed)
  })

  it('makes a post now: Running... while it asks, then says how its post is doing; the new run is first in History', async () => {
    let release: () => void = () => {}
    const ctx = setup(makeOverview(READY), {
      runNow: () =>
        new Promise<ApiReply>((resolve) => {
          release = () =>
            resolve({
              status: 200,
              body: makeOverview(READY, [
                {
                  id: 'r1',
                  trigger: 'run_now',
                  startedAt: '2026-04-15T10:00:00.000Z',
                  summary: 'Made 1 post now: it is posted as soon as its video is ready',
                  slots: [makeSlot({ state: 'preparing' })],
                },
              ]),
            })
        }),
    })
    await toggle()
    await ctx.user.click(screen.getByRole('button', { name: 'Run Now' }))
    expect((screen.getByRole('button', { name: 'Running...' }) as HTMLButtonElement).disabled).toBe(true)
    expect((saveButton() as HTMLButtonElement).disabled).toBe(true)
    act(() => release())
    const status = await screen.findByText('Run Now: making the video with its hook…')
    expect(status.getAttribute('role')).toBe('status')
    await screen.findAllByText('Made 1 post now: it is posted as soon as its video is ready')
    const runs = screen.getByRole('list', { name: 'Automation runs' })
    expect(within(runs).getAllByRole('listitem')[0]?.textContent).toContain('Run Now')
    expect(ctx.runs()[0]?.body).toEqual({})
  })
})

describe('Automation tab: Video Selection and accounts', () => {
  it('counts the chosen videos and offers to drop those no longer in the Library', async () => {
    const ctx = setup(makeOverview({ videoIds: ['stock:feature-tour', 'video:deleted'] }))
    await toggle()
    await ctx.user.click(tab('Video Selection'))
    expect(screen.getByText('2 selected')).toBeTruthy()
    expect((screen.getByRole('checkbox', { name: 'Feature tour' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.getByText('1 chosen video is no longer in your Library.')).toBeTruthy()
    await ctx.user.click(screen.getByRole('button', { name: 'Remove it' }))
    expect(screen.getByText('1 selected')).toBeTruthy()
    await ctx.user.click(screen.getByRole('radio', { name: 'My videos' }))
    expect(screen.queryByRole('checkbox', { name: 'Feature tour' })).toBeNull()
    expect(screen.getByRole('checkbox', { name: 'My pancakes' })).toBeTruthy()
    await ctx.user.click(screen.getByRole('button', { name: 'Clear selection' }))
    expect(screen.getByText('0 selected')).toBeTruthy()
  })

  it('offers a way to connect an account when there is none', async () => {
    const ctx = setup(makeOverview(), {}, { accounts: accountChoices({ items: [] }) })
    await toggle()
    await ctx.user.click(tab('Advanced Settings'))
    expect(screen.getByText('No TikTok Accounts Connected')).toBeTruthy()
    expect(screen.getByText('Connect an account first')).toBeTruthy()
  })
})

describe('Automation tab: saving again after Run Now', () => {
  const planned = () =>
    makeOverview(READY, [
      makeRun({ trigger: 'run_now', slots: [makeSlot({ state: 'scheduled' }), makeSlot({ state: 'draft' })] }),
    ])

  it('keeps what Run Now planned when nothing changed: no question, one save', async () => {
    const ctx = setup(planned())
    await toggle()
    await ctx.user.click(saveButton())
    expect(await screen.findByText(/^Automation settings saved/)).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(ctx.puts()).toHaveLength(1)
  })

  it('asks before changed settings replace the 2 waiting posts, and sends nothing when cancelled', async () => {
    const ctx = setup(planned())
    await toggle()
    await ctx.user.click(tab('Schedule Settings'))
    await ctx.user.selectOptions(screen.getByLabelText('Posts per day'), '2')
    await ctx.user.click(saveButton())
    const dialog = screen.getByRole('dialog', { name: 'Plan your posts again?' })
    expect(dialog.textContent).toContain('cancels the 2 posts automation planned that are not posted yet')
    expect(dialog.textContent).toContain('Run Now')
    await ctx.user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(ctx.puts()).toHaveLength(0)

    await ctx.user.click(saveButton())
    await ctx.user.click(
      within(screen.getByRole('dialog', { name: 'Plan your posts again?' })).getByRole('button', {
        name: 'Save and plan again',
      }),
    )
    expect(await screen.findByText(/^Automation settings saved/)).toBeTruthy()
    expect(ctx.puts()).toHaveLength(1)
    expect(ctx.puts()[0]?.body).toMatchObject({ postsPerDay: 2 })
  })
})

describe('Automation tab: one account', () => {
  it('chooses the only account (and saving sends it)', async () => {
    const ctx = setup(makeOverview(), {}, { accounts: accountChoices({ items: accountChoices().items.slice(0, 1) }) })
    await toggle()
    await ctx.user.click(tab('Advanced Settings'))
    expect(value('TikTok account')).toBe('acc-1')
    expect(screen.getByText('You have unsaved changes.')).toBeTruthy()
  })

  it('leaves the choice to the person with two accounts', async () => {
    const ctx = setup(makeOverview())
    await toggle()
    await ctx.user.click(tab('Advanced Settings'))
    expect(value('TikTok account')).toBe('')
  })
})
