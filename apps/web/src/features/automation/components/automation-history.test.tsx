import { useQueryClient } from '@tanstack/react-query'
import { MESSAGES } from '@hookpost/shared/messages'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useServerEvents } from '../../../lib/use-server-events'
import { FakeEventSource } from '../../../testing/fake-event-source'
import { applyAutomationEvent } from '../api/automation-key'
import {
  accountChoices,
  automationApi,
  imageChoices,
  libraryChoices,
  makeOverview,
  makeRun,
  makeSlot,
  renderWithQueryClient,
} from '../testing/test-utils'
import { AutomationHistory } from './automation-history'
import { AutomationPanel } from './automation-panel'

beforeEach(() => {
  FakeEventSource.instances = []
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The panel with the live stream applied the way the app does it (app/live-updates.ts). */
function LivePanel() {
  const queryClient = useQueryClient()
  useServerEvents(true, { onEvent: (event) => applyAutomationEvent(queryClient, event) })
  return (
    <AutomationPanel
      accounts={accountChoices()}
      library={libraryChoices()}
      images={imageChoices()}
      profileTimeZone="Europe/Paris"
      noAccounts={null}
      onEditPost={() => undefined}
    />
  )
}

const planned = makeRun({
  id: 'run-2',
  trigger: 'settings',
  startedAt: '2026-04-19T16:05:00.000Z',
  summary: 'Planned 2 posts for Monday, 20 April',
  slots: [
    makeSlot({
      id: 's1',
      scheduledAt: '2026-04-20T08:30:00.000Z',
      sourceTitle: 'Feature tour',
      hookText: 'Nobody tells you this about meal prep',
      state: 'preparing',
    }),
    makeSlot({
      id: 's2',
      scheduledAt: '2026-04-20T14:00:00.000Z',
      timeZone: 'America/New_York',
      sourceTitle: 'My pancakes',
      hookText: 'Three ingredients, five minutes',
      state: 'failed',
      errorMessage: 'TikTok does not accept this video',
    }),
  ],
})
const older = makeRun({
  id: 'run-1',
  trigger: 'daily',
  startedAt: '2026-04-18T22:00:00.000Z',
  summary: 'Nothing to plan: Sunday is not a posting day',
  slots: [],
})

function runItems() {
  return within(screen.getByRole('list', { name: 'Automation runs' })).getAllByRole('listitem', {
    name: /^(Daily planning|Run Now|Settings saved)$/,
  })
}

describe('Automation History', () => {
  it('shows each post’s caption; a draft awaits approval and opens the editor to review it', () => {
    const onEditPost = vi.fn()
    const run = makeRun({
      slots: [
        makeSlot({ state: 'draft', postId: 'p-draft' }),
        makeSlot({ state: 'scheduled', postId: 'p-waiting' }),
        makeSlot({
          state: 'skipped',
          postId: 'p-skipped',
          errorMessage: 'Not approved before its time, so it was not posted.',
        }),
        makeSlot({ state: 'posted', postId: 'p-done' }),
        makeSlot({ state: 'rejected', postId: 'p-rejected', errorMessage: MESSAGES.rejectedReason }),
      ],
    })
    renderWithQueryClient(<AutomationHistory runs={[run]} timeZone="Europe/Paris" onEditPost={onEditPost} />)
    const [draft, waiting, skipped, done, rejected] = within(
      screen.getByRole('list', { name: 'Planned posts' }),
    ).getAllByRole('listitem')
    expect(within(draft!).getByText('Awaiting approval', { selector: '[data-state]' })).toBeTruthy()
    expect(draft!.textContent).toContain('Caption: Nobody tells you this about meal prep')
    expect(draft!.textContent).toContain('#mealprep #tips')
    fireEvent.click(within(draft!).getByRole('button', { name: /^Review the post of / }))
    expect(onEditPost).toHaveBeenCalledWith(expect.objectContaining({ postId: 'p-draft' }))
    expect(within(waiting!).getByRole('button', { name: /^Edit the post of / })).toBeTruthy()
    expect(within(skipped!).getByText('Not approved before its time, so it was not posted.')).toBeTruthy()
    expect(within(done!).queryByRole('button')).toBeNull()
    // A rejected draft says so, and is never offered for editing again (ADR 048).
    expect(within(rejected!).getByText('Rejected', { selector: '[data-state]' })).toBeTruthy()
    expect(within(rejected!).getByText(MESSAGES.rejectedReason)).toBeTruthy()
    expect(within(rejected!).queryByRole('button')).toBeNull()
  })

  it('lists runs newest first: when (with the zone), why, what was planned, and each post’s state', async () => {
    automationApi(makeOverview({ enabled: true }, [planned, older]))
    renderWithQueryClient(<LivePanel />)
    await screen.findByRole('list', { name: 'Automation runs' })
    const [first, second] = runItems()
    expect(within(first!).getByRole('heading', { name: 'Settings saved' })).toBeTruthy()
    expect(within(first!).getByText(/^Sun, Apr 19, 2026, 6:05\sPM$/)).toBeTruthy()
    expect(within(first!).getByText('Planned 2 posts for Monday, 20 April')).toBeTruthy()
    expect(within(second!).getByRole('heading', { name: 'Daily planning' })).toBeTruthy()
    expect(within(second!).getByText('Nothing to plan: Sunday is not a posting day')).toBeTruthy()
    expect(within(second!).queryByRole('list', { name: 'Planned posts' })).toBeNull()

    const slots = within(within(first!).getByRole('list', { name: 'Planned posts' })).getAllByRole('listitem')
    expect(slots).toHaveLength(2)
    // 08:30 UTC is 10:30 in Paris; 14:00 UTC is 10:00 in New York: each slot in its own zone.
    expect(within(slots[0]!).getByText(/^Mon, Apr 20, 2026, 10:30\sAM$/)).toBeTruthy()
    expect(within(slots[0]!).getByText('(Europe/Paris)')).toBeTruthy()
    expect(slots[0]!.textContent).toContain('Video: Feature tour')
    expect(slots[0]!.textContent).toContain('Hook: “Nobody tells you this about meal prep”')
    expect(within(slots[0]!).getByText('Preparing')).toBeTruthy()
    expect(within(slots[1]!).getByText(/^Mon, Apr 20, 2026, 10:00\sAM$/)).toBeTruthy()
    expect(within(slots[1]!).getByText('(America/New_York)')).toBeTruthy()
    expect(within(slots[1]!).getByText('Failed')).toBeTruthy()
    expect(within(slots[1]!).getByText('Error: TikTok does not accept this video')).toBeTruthy()
  })

  it('follows the server live: an automation.updated event refetches, and the slot’s state changes', async () => {
    const api = automationApi(makeOverview({ enabled: true }, [planned]))
    renderWithQueryClient(<LivePanel />)
    const list = await screen.findByRole('list', { name: 'Planned posts' })
    expect(within(list).getByText('Preparing')).toBeTruthy()
    const source = FakeEventSource.latest()
    source.open()

    // Another feature's event changes nothing here.
    source.emit({ type: 'video.deleted', videoId: 'v9' })
    api.set(
      makeOverview({ enabled: true }, [
        { ...planned, slots: [{ ...planned.slots[0]!, state: 'rendering' }, planned.slots[1]!] },
      ]),
    )
    source.emit({ type: 'automation.updated' })
    expect(await within(list).findByText('Rendering')).toBeTruthy()
    expect(within(list).queryByText('Preparing')).toBeNull()
    expect(api.gets()).toHaveLength(2)

    api.set(
      makeOverview({ enabled: true }, [
        { ...planned, slots: [{ ...planned.slots[0]!, state: 'scheduled', postId: 'p1' }, planned.slots[1]!] },
      ]),
    )
    source.emit({ type: 'automation.updated' })
    expect(await within(list).findByText('Scheduled')).toBeTruthy()
    expect(api.gets()).toHaveLength(3)

    // The post going out is what turns the slot 'Posted': an automation post's update refetches too.
    api.set(
      makeOverview({ enabled: true }, [
        { ...planned, slots: [{ ...planned.slots[0]!, state: 'posted', postId: 'p1' }, planned.slots[1]!] },
      ]),
    )
    const post = {
      id: 'p1',
      accountId: 'a1',
      account: { accountName: 'Bake Lab', accountUsername: 'bakelab', sandbox: true },
      format: 'video',
      postMode: 'direct',
      title: 'T',
      description: '',
      privacyLevel: 'SELF_ONLY',
      allowComment: false,
      allowDuet: false,
      allowStitch: false,
      commercial: { enabled: false, yourBrand: false, brandedContent: false },
      scheduledAt: '2026-04-20T14:00:00.000Z',
      timeZone: 'UTC',
      state: 'uploaded',
      errorMessage: null,
      rejectedAt: null,
      tiktokPostId: '7300000000000000001',
      publishedAt: '2026-04-20T14:00:05.000Z',
      media: null,
      photos: null,
      autoAddMusic: false,
      thumbnailUrl: null,
      tiktokUrl: null,
      stats: null,
      createdAt: '2026-04-19T08:00:00.000Z',
      updatedAt: '2026-04-20T14:00:05.000Z',
    } as const
    source.emit({ type: 'post.updated', post: { ...post, source: 'manual' } })
    source.emit({ type: 'post.updated', post: { ...post, source: 'automation' } })
    expect(await within(list).findByText('Posted')).toBeTruthy()
    expect(api.gets()).toHaveLength(4)
  })

  it('keeps the person’s unsaved edits when a live refetch arrives', async () => {
    const api = automationApi(makeOverview({ enabled: true }, [planned]))
    renderWithQueryClient(<LivePanel />)
    const mustInclude = (await screen.findByLabelText('Must-include keywords')) as HTMLInputElement
    // Typed, not saved.
    fireEvent.change(mustInclude, { target: { value: 'budget' } })
    FakeEventSource.latest().open()
    FakeEventSource.latest().emit({ type: 'automation.updated' })
    await vi.waitFor(() => expect(api.gets()).toHaveLength(2))
    expect((screen.getByLabelText('Must-include keywords') as HTMLInputElement).value).toBe('budget')
  })
})

describe('History: why each choice was made', () => {
  it('shows why the hook and the time were chosen, and nothing when there is no reason', () => {
    renderWithQueryClient(
      <AutomationHistory
        timeZone="Europe/Paris"
        onEditPost={() => undefined}
        runs={[
          makeRun({
            slots: [
              makeSlot({
                id: 'why',
                hookReason: 'Best so far: story × casual, 2.1× typical over 6 posts',
                timeReason: 'Best times: Tuesdays at 18:00 have done 1.9× typical over 4 posts',
              }),
              makeSlot({ id: 'fixed' }),
            ],
          }),
        ]}
      />,
    )
    const posts = within(screen.getByRole('list', { name: 'Planned posts' })).getAllByRole('listitem')
    expect(within(posts[0]!).getByText('Best so far: story × casual, 2.1× typical over 6 posts')).toBeTruthy()
    expect(within(posts[0]!).getByText('Why this hook:')).toBeTruthy()
    expect(
      within(posts[0]!).getByText('Best times: Tuesdays at 18:00 have done 1.9× typical over 4 posts'),
    ).toBeTruthy()
    expect(within(posts[1]!).queryByText(/Why this/)).toBeNull()
  })
})
