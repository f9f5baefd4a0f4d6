import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import type { CreatorInfo, Post } from '@hookpost/shared/posts'
import type { LibraryItem } from '@hookpost/shared/library'
import {
  installDialogPolyfill,
  makeAccount,
  mockApi,
  notFound,
  renderWithQueryClient,
  type ApiReply,
} from '../../../testing/api-mock'
import { makePost } from './scheduled-videos/test-utils'
import { EditPostDialog } from './edit-post-dialog'

/** Issue 30 item 5: Edit moves a post to another account and replaces its video, with that creator's rules. */

const creator = (overrides: Partial<CreatorInfo>): CreatorInfo => ({
  nickname: 'Ana',
  username: 'anacooks',
  avatarUrl: null,
  privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
  commentDisabled: false,
  duetDisabled: false,
  stitchDisabled: false,
  maxVideoPostDurationSec: 10,
  cannotPostReason: null,
  ...overrides,
})
const CREATORS: Record<string, CreatorInfo> = {
  'acc-ana': creator({}),
  'acc-ben': creator({
    nickname: 'Ben',
    username: 'benbakes',
    privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
    commentDisabled: true,
    maxVideoPostDurationSec: 600,
  }),
}
const ACCOUNTS = [
  makeAccount({ id: 'acc-ana', accountName: 'Ana Cooks', accountUsername: 'anacooks' }),
  makeAccount({ id: 'acc-ben', accountName: 'Ben Bakes', accountUsername: 'benbakes' }),
]
const LIBRARY: LibraryItem[] = [
  {
    id: 'video:v1',
    title: 'My launch',
    description: '',
    category: 'My Videos',
    thumbnailUrl: '/t.jpg',
    videoUrl: '/v.mp4',
    duration: 12,
    width: 1080,
    height: 1920,
    isUserContent: true,
    slideshow: null,
  },
]

beforeEach(() => installDialogPolyfill())
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function api(post: Post, patch?: (body: Record<string, unknown>) => ApiReply) {
  return mockApi(({ method, pathname, body }) => {
    if (pathname === `/api/posts/${post.id}` && method === 'GET') return { status: 200, body: { post } }
    if (pathname === '/api/tiktok/accounts') return { status: 200, body: { accounts: ACCOUNTS } }
    const info = /^\/api\/tiktok\/accounts\/(.+)\/creator-info$/.exec(pathname)
    if (info) return CREATORS[info[1]!] ? { status: 200, body: CREATORS[info[1]!] } : notFound
    if (pathname === '/api/library') return { status: 200, body: { videos: LIBRARY, preparing: false } }
    if (pathname === '/api/library/use' && method === 'POST') {
      const media = {
        id: 'media-new',
        originalName: 'launch.mp4',
        contentType: 'video/mp4',
        sizeBytes: 9,
        durationMs: 12_000,
      }
      return {
        status: 200,
        body: { media: { ...media, width: 1080, height: 1920, fps: 30, createdAt: post.createdAt } },
      }
    }
    if (pathname === `/api/posts/${post.id}` && method === 'PATCH') {
      return (
        patch?.(body as Record<string, unknown>) ?? { status: 200, body: { post: { ...post, ...(body as object) } } }
      )
    }
    return notFound
  })
}

function open(post: Post) {
  const onDone = vi.fn()
  renderWithQueryClient(<EditPostDialog postId={post.id} onDone={onDone} onClose={vi.fn()} />)
  return { onDone, user: userEvent.setup() }
}

const post = makePost({
  id: 'e1',
  accountId: 'acc-ana',
  title: 'Pasta night',
  privacyLevel: 'PUBLIC_TO_EVERYONE',
  allowComment: true,
  scheduledAt: '2030-04-20T08:30:00.000Z',
  media: { originalName: 'pasta.mp4', sizeBytes: 1000, durationMs: 3000 },
})

// Many steps each: slow on a loaded machine, not stuck.
describe('editing where a post goes and what it sends', { timeout: 30_000 }, () => {
  it('moves it to another account, asking again who can view it there; what that creator turned off goes off', async () => {
    const { calls } = api(post)
    const { onDone, user } = open(post)
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' })
    const account = await within(dialog).findByLabelText(/^TikTok account/)
    await within(dialog).findByRole('option', { name: 'Ben Bakes (@benbakes)' })
    await user.selectOptions(account, 'acc-ben')
    expect(
      within(dialog).getByText(/keeps its time on the other account; a post in a posting queue leaves/),
    ).toBeTruthy()
    const privacy = await within(dialog).findByRole('combobox', { name: /^Who can view this video/ })
    await within(privacy).findByRole('option', { name: 'Followers' })
    expect(privacy).toHaveProperty('value', '')
    expect(within(dialog).getByRole('checkbox', { name: 'Allow comments' })).toHaveProperty('checked', false)

    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await vi.waitFor(() => expect(document.activeElement).toBe(privacy))
    expect(within(dialog).getByText('Choose who can view this video on this account.')).toBeTruthy()
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0)

    await user.selectOptions(privacy, 'FOLLOWER_OF_CREATOR')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledWith(MESSAGES.postSaved))
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      accountId: 'acc-ben',
      privacyLevel: 'FOLLOWER_OF_CREATOR',
      allowComment: false,
    })
  })

  it('replaces the video with one from the Library, says when it is too long for the creator, and sends its id', async () => {
    const { calls } = api(post)
    const { onDone, user } = open(post)
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' })
    const video = await within(dialog).findByRole('group', { name: 'Video' })
    expect(within(video).getByText('pasta.mp4')).toBeTruthy()
    const library = within(video).getByLabelText(/^Replace with a video from your Library/)
    await within(library).findByRole('option', { name: 'My launch (0:12)' })
    await user.selectOptions(library, 'video:v1')
    expect(await within(video).findByText('My launch')).toBeTruthy()
    expect(
      await within(video).findByText(
        'This video is 0:12 long; Ana can post videos up to 0:10 long. Please choose a shorter video.',
      ),
    ).toBeTruthy()
    expect(calls.find((c) => c.pathname === '/api/library/use')?.body).toEqual({ itemId: 'video:v1' })

    // On an account that may post it, it goes.
    await user.selectOptions(within(dialog).getByLabelText(/^TikTok account/), 'acc-ben')
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /^Who can view/ }), 'SELF_ONLY')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    await vi.waitFor(() => expect(onDone).toHaveBeenCalled())
    expect(calls.find((c) => c.method === 'PATCH')?.body).toMatchObject({ accountId: 'acc-ben', mediaId: 'media-new' })
  })

  it('shows the server’s refusal at the account, and an automation post keeps its video', async () => {
    const planned = makePost({ ...post, id: 'e2', source: 'automation' })
    const capped = 'The daily post cap from the API has been reached for this user.'
    api(planned, () => ({
      status: 400,
      body: { code: 'VALIDATION_FAILED', message: capped, details: [{ path: 'accountId', message: capped }] },
    }))
    const { onDone, user } = open(planned)
    const dialog = await screen.findByRole('dialog', { name: 'Edit post' })
    expect(await within(dialog).findByText(new RegExp(MESSAGES.automationVideoFixed.slice(0, 40)))).toBeTruthy()
    expect(within(dialog).queryByRole('group', { name: 'Video' })).toBeNull()
    await within(dialog).findByRole('option', { name: 'Ben Bakes (@benbakes)' })
    await user.selectOptions(within(dialog).getByLabelText(/^TikTok account/), 'acc-ben')
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: /^Who can view/ }), 'SELF_ONLY')
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }))
    const account = within(dialog).getByLabelText(/^TikTok account/)
    await vi.waitFor(() => expect(account.getAttribute('aria-invalid')).toBe('true'))
    expect(within(dialog).getByText(capped)).toBeTruthy()
    expect(onDone).not.toHaveBeenCalled()
  })
})
