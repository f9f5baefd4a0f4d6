import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { toCalendarPost, type CreatorInfo } from '@hookpost/shared/posts'
import {
  installDialogPolyfill,
  makeAccount,
  mockApi,
  notFound,
  renderWithQueryClient,
  type ApiReply,
} from '../../../testing/api-mock'
import { makePost } from './scheduled-videos/test-utils'
import { DuplicatePostDialog } from './duplicate-post-dialog'

/** Issue 30 item 5: Duplicate to one or several of the person's accounts, each copy as its creator allows it. */

const creator = (overrides: Partial<CreatorInfo>): CreatorInfo => ({
  nickname: 'Ana',
  username: 'anacooks',
  avatarUrl: null,
  privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
  commentDisabled: false,
  duetDisabled: false,
  stitchDisabled: false,
  maxVideoPostDurationSec: 600,
  cannotPostReason: null,
  ...overrides,
})

const ana = makeAccount({ id: 'acc-ana', accountName: 'Ana Cooks', accountUsername: 'anacooks' })
const ben = makeAccount({ id: 'acc-ben', accountName: 'Ben Bakes', accountUsername: 'benbakes' })
const cleo = makeAccount({
  id: 'acc-cleo',
  accountName: 'Cleo',
  accountUsername: 'cleo',
  status: 'reconnect_required',
})
const CREATORS: Record<string, CreatorInfo> = {
  'acc-ana': creator({}),
  // A private creator: no 'Everyone', and comments off.
  'acc-ben': creator({
    nickname: 'Ben',
    username: 'benbakes',
    privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
    commentDisabled: true,
  }),
}

const post = makePost({
  id: 'p1',
  accountId: 'acc-ana',
  title: 'Tip',
  privacyLevel: 'PUBLIC_TO_EVERYONE',
  allowComment: true,
  allowDuet: true,
  scheduledAt: '2030-04-20T07:00:00.000Z',
  timeZone: 'Europe/Berlin',
})

beforeEach(() => installDialogPolyfill())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function api(
  duplicate: (body: Record<string, unknown>) => ApiReply = () => ({ status: 201, body: { posts: [post] } }),
) {
  return mockApi(({ method, pathname, body }) => {
    if (pathname === '/api/posts/p1' && method === 'GET') return { status: 200, body: { post } }
    if (pathname === '/api/tiktok/accounts') return { status: 200, body: { accounts: [cleo, ben, ana] } }
    const info = /^\/api\/tiktok\/accounts\/(.+)\/creator-info$/.exec(pathname)
    if (info) return CREATORS[info[1]!] ? { status: 200, body: CREATORS[info[1]!] } : notFound
    if (pathname === '/api/posts/p1/duplicate' && method === 'POST') return duplicate(body as Record<string, unknown>)
    return notFound
  })
}

function open() {
  const onDone = vi.fn()
  const onClose = vi.fn()
  renderWithQueryClient(<DuplicatePostDialog post={toCalendarPost(post)} onDone={onDone} onClose={onClose} />)
  return { onDone, onClose, user: userEvent.setup() }
}

// Many steps each: slow on a loaded machine, not stuck.
describe('Duplicate to other accounts', { timeout: 30_000 }, () => {
  it('offers every account, the post’s own ticked; one that must reconnect cannot be chosen and says why', async () => {
    api()
    open()
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate “Tip”' })
    const own = await within(dialog).findByRole('checkbox', { name: /^Ana Cooks \(@anacooks\)/ })
    expect(own).toHaveProperty('checked', true)
    expect(await within(dialog).findByRole('checkbox', { name: /^Ben Bakes \(@benbakes\)/ })).toHaveProperty(
      'checked',
      false,
    )
    expect(within(dialog).getByRole('checkbox', { name: /^Cleo \(@cleo\)/ })).toHaveProperty('disabled', true)
    expect(within(dialog).getByText(/Cleo: Reconnect required: @cleo must be connected to TikTok again\./)).toBeTruthy()
    // The copy's settings for its account, as its creator allows them.
    const settings = await within(dialog).findByRole('group', { name: 'Settings for Ana Cooks (@anacooks)' })
    expect(within(settings).getByLabelText(/^Who can view this video/)).toHaveProperty('value', 'PUBLIC_TO_EVERYONE')
  })

  it('names an account that cannot take the setting, sends nothing until it is chosen for it, then both copies', async () => {
    const { calls } = api(() => ({ status: 201, body: { posts: [post, { ...post, id: 'p2' }] } }))
    const { onDone, user } = open()
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate “Tip”' })
    await user.click(await within(dialog).findByRole('checkbox', { name: /^Ben Bakes \(@benbakes\)/ }))
    const bens = await within(dialog).findByRole('group', { name: 'Settings for Ben Bakes (@benbakes)' })
    expect(within(bens).getByText('Ben does not offer “Everyone”. Choose who can view this copy.')).toBeTruthy()
    expect(within(dialog).getByText(/Ben turned off comments in TikTok, so this copy goes without\./)).toBeTruthy()
    expect(within(bens).getByRole('checkbox', { name: 'Allow comments' })).toHaveProperty('disabled', true)

    await user.click(within(dialog).getByRole('button', { name: 'Duplicate to 2 accounts' }))
    expect(await within(dialog).findByText(MESSAGES.duplicateFixAccounts)).toBeTruthy()
    const privacy = within(bens).getByLabelText(/^Who can view this video/)
    await vi.waitFor(() => expect(document.activeElement).toBe(privacy))
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)

    await user.selectOptions(privacy, 'FOLLOWER_OF_CREATOR')
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate to 2 accounts' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(onDone.mock.calls[0]![0]).toHaveLength(2)
    const sent = calls.filter((c) => c.method === 'POST')
    expect(sent.map((c) => c.body)).toEqual([
      {
        date: '2030-04-21',
        time: '09:00',
        timeZone: 'Europe/Berlin',
        accounts: [
          { accountId: 'acc-ana' },
          { accountId: 'acc-ben', privacyLevel: 'FOLLOWER_OF_CREATOR', allowComment: false },
        ],
      },
    ])
  })

  it('shows the server’s refusal at the account it names and makes nothing (all or nothing)', async () => {
    api(() => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: `${MESSAGES.duplicateNothingScheduled} @anacooks: ${MESSAGES.videoTooLongForAccount} (1 seconds at most)`,
        details: [{ path: 'accounts.0.mediaId', message: `${MESSAGES.videoTooLongForAccount} (1 seconds at most)` }],
      },
    }))
    const { onDone, user } = open()
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate “Tip”' })
    await within(dialog).findByRole('group', { name: 'Settings for Ana Cooks (@anacooks)' })
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }))
    expect(await within(dialog).findByText(MESSAGES.duplicateFixAccounts)).toBeTruthy()
    expect(within(dialog).getByText(`Ana Cooks: ${MESSAGES.videoTooLongForAccount} (1 seconds at most)`)).toBeTruthy()
    const own = within(dialog).getByRole('checkbox', { name: /^Ana Cooks/ })
    expect(own.getAttribute('aria-invalid')).toBe('true')
    expect(onDone).not.toHaveBeenCalled()

    // Unticked, nothing is left to duplicate: said before anything is sent.
    await user.click(own)
    await user.click(within(dialog).getByRole('button', { name: 'Duplicate' }))
    expect(await within(dialog).findByText(MESSAGES.duplicateNoAccount)).toBeTruthy()
  })
})
