import type { ReactNode } from 'react'
import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { lastSchedulableDate, type CreatorInfo, type Post } from '@hookpost/shared/posts'
import { todayInZone } from '@hookpost/shared/time'
import { installDialogPolyfill, mockApi, renderWithQueryClient, type ApiReply } from '../../../testing/api-mock'
import { makePost } from './scheduled-videos/test-utils'
import { EditPostDialog } from './edit-post-dialog'
import { shownZone } from '../../../testing/time-zones'

const CREATOR: CreatorInfo = {
  nickname: 'Ana',
  username: 'anacooks',
  avatarUrl: null,
  privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
  commentDisabled: false,
  duetDisabled: true,
  stitchDisabled: false,
  maxVideoPostDurationSec: 600,
  cannotPostReason: null,
}

beforeEach(() => installDialogPolyfill())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The posts API for one post: GET, PATCH (answered by `patch`), approve and reject (likewise), creator info. */
function api(
  post: Post,
  replies: { patch?: (body: Record<string, unknown>) => ApiReply; approve?: ApiReply; reject?: ApiReply } = {},
) {
  let current = post
  return mockApi(({ method, pathname, body }) => {
    if (pathname === `/api/posts/${post.id}` && method === 'GET') return { status: 200, body: { post: current } }
    if (pathname === `/api/tiktok/accounts/${post.accountId}/creator-info`) return { status: 200, body: CREATOR }
    if (pathname === `/api/posts/${post.id}` && method === 'PATCH') {
      const reply = replies.patch?.(body as Record<string, unknown>) ?? {
        status: 200,
        body: { post: { ...current, ...(body as object) } },
      }
      if (reply.status === 200) current = (reply.body as { post: Post }).post
      return reply
    }
    if (pathname === `/api/posts/${post.id}/approve` && method === 'POST') {
      const reply = replies.approve ?? { status: 200, body: { post: { ...current, state: 'scheduled' } } }
      if (reply.status === 200) current = (reply.body as { post: Post }).post
      return reply
    }
    if (pathname === `/api/posts/${post.id}/reject` && method === 'POST') {
      const rejected = { ...current, state: 'skipped', rejectedAt: '2030-04-19T08:00:00.000Z' }
      return replies.reject ?? { status: 200, body: { post: rejected } }
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }
  })
}

function open(post: Post, preview?: ReactNode) {
  const onDone = vi.fn()
  const onClose = vi.fn()
  renderWithQueryClient(<EditPostDialog postId={post.id} onDone={onDone} onClose={onClose} preview={preview} />)
  return { onDone, onClose }
}

const draft = makePost({
  title: 'Nobody tells you this about meal prep',
  description: 'Save this for later.\n\n#mealprep #tips',
  state: 'draft',
  source: 'automation',
  privacyLevel: 'SELF_ONLY',
  scheduledAt: '2030-04-20T08:30:00.000Z',
  timeZone: 'Europe/Berlin',
})

describe('the post editor', () => {
  it('shows a draft’s caption, privacy, interactions and time in its zone, with labelled fields', async () => {
    api(draft)
    open(draft)
    const dialog = await screen.findByRole('dialog', { name: 'Review post' })
    expect(within(dialog).getByText('Awaiting approval')).toBeTruthy()
    expect(within(dialog).getByLabelText(/^Title/)).toHaveProperty('value', draft.title)
    expect(within(dialog).getByLabelText(/^Caption/)).toHaveProperty('value', draft.description)
    expect(await within(dialog).findByLabelText(/^Who can view this video/)).toHaveProperty('value', 'SELF_ONLY')
    expect(within(dialog).getByLabelText('Allow Duet')).toHaveProperty('disabled', true)
    const date = within(dialog).getByLabelText(/^Date/)
    expect(date).toHaveProperty('value', '2030-04-20')
    // From today to a year ahead in the post's zone (the scheduling horizon), as the schedule form allows.
    const now = new Date()
    expect(date.getAttribute('min')).toBe(todayInZone(now, 'Europe/Berlin'))
    expect(date.getAttribute('max')).toBe(lastSchedulableDate(now, 'Europe/Berlin'))
    expect(within(dialog).getByLabelText(/^Time$/)).toHaveProperty('value', '10:30')
    expect(shownZone(within(dialog).getByLabelText(/^Time zone/))).toBe('Europe/Berlin')
    expect(within(dialog).getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', true)
    expect(within(dialog).getByRole('button', { name: 'Approve' })).toBeTruthy()
  })

  it('saves only what changed, then approves; the time is sent only when it changed', async () => {
    const { calls } = api(draft)
    const { onDone, onClose } = open(draft)
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog', { name: 'Review post' })
    const caption = within(dialog).getByLabelText(/^Caption/)
    await user.clear(caption)
    await user.type(caption, 'My own words #mine')
    await user.click(within(dialog).getByRole('button', { name: 'Save and approve' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(MESSAGES.postApproved))
    expect(onClose).toHaveBeenCalled()
    const writes = calls.filter((c) => c.method !== 'GET')
    expect(writes.map((c) => [c.method, c.pathname, c.body])).toEqual([
      ['PATCH', `/api/posts/${draft.id}`, { description: 'My own words #mine' }],
      ['POST', `/api/posts/${draft.id}/approve`, undefined],
    ])
  })

  it('shows the server’s refusal on its field, and a refused approval in words', async () => {
    api(draft, {
      patch: () => ({
        status: 400,
        body: {
          code: 'VALIDATION_FAILED',
          message: MESSAGES.dateInPast,
          details: [{ path: 'time', message: MESSAGES.dateInPast }],
        },
      }),
      approve: { status: 409, body: { code: 'CONFLICT', message: MESSAGES.approveTooLate } },
    })
    const { onDone } = open(draft)
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog', { name: 'Review post' })
    const time = within(dialog).getByLabelText(/^Time$/)
    await user.clear(time)
    await user.type(time, '07:00')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await vi.waitFor(() => expect(time.getAttribute('aria-invalid')).toBe('true'))
    expect(within(dialog).getByText(MESSAGES.dateInPast)).toBeTruthy()
    expect(onDone).not.toHaveBeenCalled()

    await user.clear(time)
    await user.type(time, '10:30')
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }))
    expect(await within(dialog).findByText(MESSAGES.approveTooLate)).toBeTruthy()
    expect(onDone).not.toHaveBeenCalled()
  })

  it('shows what the post sends beside its caption, and rejects a draft without saving or approving it', async () => {
    const { calls } = api(draft)
    const { onDone, onClose } = open(draft, <video aria-label="Video of the post" controls />)
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog', { name: 'Review post' })
    expect(within(dialog).getByLabelText('Video of the post').tagName).toBe('VIDEO')
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(MESSAGES.draftRejected))
    expect(onClose).toHaveBeenCalled()
    expect(calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.pathname])).toEqual([
      ['POST', `/api/posts/${draft.id}/reject`],
    ])
  })

  it('says a refused rejection in words; a rejected post can be neither approved nor changed', async () => {
    api(draft, { reject: { status: 409, body: { code: 'CONFLICT', message: MESSAGES.onlyDraftsCanBeRejected } } })
    const { onDone } = open(draft)
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog', { name: 'Review post' })
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await within(dialog).findByText(MESSAGES.onlyDraftsCanBeRejected)).toBeTruthy()
    expect(onDone).not.toHaveBeenCalled()
    cleanup()

    const rejected = { ...draft, state: 'skipped' as const, rejectedAt: '2030-04-19T08:00:00.000Z' }
    api(rejected)
    open(rejected)
    const shown = await screen.findByRole('dialog', { name: 'Edit post' })
    expect(await within(shown).findByText(MESSAGES.rejectedCannotBeApproved)).toBeTruthy()
    expect(
      within(shown)
        .getByLabelText(/^Caption/)
        .matches(':disabled'),
    ).toBe(true)
    for (const name of ['Approve', 'Reject', 'Save changes']) {
      expect(within(shown).queryByRole('button', { name })).toBeNull()
    }
  })

  it('a post that started going out is shown, not editable', async () => {
    const sent = makePost({ state: 'publishing', title: 'On its way' })
    api(sent)
    open(sent)
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' })
    expect(await within(dialog).findByText(MESSAGES.postNotEditable)).toBeTruthy()
    // Inside a disabled fieldset: not editable, by keyboard or pointer.
    expect(
      within(dialog)
        .getByLabelText(/^Title/)
        .matches(':disabled'),
    ).toBe(true)
    expect(within(dialog).queryByRole('button', { name: 'Save changes' })).toBeNull()
  })
})

describe('the post editor: commercial content disclosure (issue 21)', () => {
  it('shows the disclosure it goes out with, and sends only the changed disclosure', async () => {
    const post = makePost({
      id: 'c1',
      title: 'Our new oven',
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      commercial: { enabled: true, yourBrand: true, brandedContent: false },
      scheduledAt: '2030-04-20T08:30:00.000Z',
    })
    const { calls } = api(post)
    const { onDone } = open(post)
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' })
    const disclose = await within(dialog).findByRole('switch', { name: 'Disclose video content' })
    expect((disclose as HTMLInputElement).checked).toBe(true)
    expect((within(dialog).getByRole('checkbox', { name: /^Your brand/ }) as HTMLInputElement).checked).toBe(true)

    // The consent declaration follows the disclosure (TikTok rule 4).
    expect(dialog.textContent).not.toContain('Branded Content Policy')
    await user.click(within(dialog).getByRole('checkbox', { name: /^Branded content/ }))
    expect(dialog.textContent).toContain('Branded Content Policy')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(onDone).toHaveBeenCalledWith(MESSAGES.postSaved)
    const patch = calls.find((c) => c.method === 'PATCH')
    expect(patch?.body).toEqual({ commercial: { enabled: true, yourBrand: true, brandedContent: true } })
  })

  it('refuses the disclosure on with nothing chosen, and sends nothing', async () => {
    const post = makePost({ id: 'c2', title: 'Plain', scheduledAt: '2030-04-20T08:30:00.000Z' })
    const { calls } = api(post)
    open(post)
    const user = userEvent.setup()
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' })
    await user.click(await within(dialog).findByRole('switch', { name: 'Disclose video content' }))
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    expect(await within(dialog).findByText(MESSAGES.commercialNeedsChoice)).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)
  })
})
