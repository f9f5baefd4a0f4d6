import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { INBOX_PENDING_CAP, type SchedulePostInput } from '@hookpost/shared/posts'
import {
  fakeUploader,
  makeAccount,
  makeCreatorInfo,
  makeSlideshow,
  mockApi,
  notFound,
  renderWithQueryClient,
  type ApiReply,
} from '../testing/test-utils'
import { ScheduleVideoForm } from './schedule-video-form'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const NOW = new Date('2027-01-10T12:00:00.000Z')

function setup(options: { postReply?: ApiReply; slideshow?: { id: string; title: string } } = {}) {
  const account = makeAccount()
  const rendering = makeSlideshow({ id: 'ss-2', title: 'Still rendering', state: 'rendering', photoSetId: null })
  const { calls } = mockApi(({ method, path }) => {
    if (path === `/api/tiktok/accounts/${account.id}/creator-info`) return { status: 200, body: makeCreatorInfo() }
    if (path === '/api/slideshows' && method === 'GET') {
      return { status: 200, body: { slideshows: [makeSlideshow(), rendering] } }
    }
    if (path === '/api/posts' && method === 'POST') {
      return options.postReply ?? { status: 500, body: {} }
    }
    return notFound
  })
  const user = userEvent.setup()
  renderWithQueryClient(
    <ScheduleVideoForm
      account={account}
      userTimeZone="UTC"
      uploader={fakeUploader().uploader}
      now={() => NOW}
      slideshow={options.slideshow}
      onScheduled={vi.fn()}
    />,
  )
  return { calls, user }
}

const posted = (calls: ReturnType<typeof setup>['calls']) =>
  calls.find((c) => c.path === '/api/posts' && c.method === 'POST')?.body as SchedulePostInput | undefined

describe('Schedule form: format and mode', { timeout: 30_000 }, () => {
  it('offers Video and Slideshow, and Post directly or a draft, as radio groups with legends', async () => {
    setup()
    const format = screen.getByRole('group', { name: 'Format' })
    expect(within(format).getByRole('radio', { name: 'Video' })).toHaveProperty('checked', true)
    expect(within(format).getByRole('radio', { name: 'Slideshow' })).toBeTruthy()
    const mode = screen.getByRole('group', { name: 'How it goes to TikTok' })
    expect(within(mode).getByRole('radio', { name: 'Post directly' })).toHaveProperty('checked', true)
    expect(within(mode).getByRole('radio', { name: 'Send as a draft to the TikTok inbox' })).toBeTruthy()
    expect(screen.getByText(new RegExp(`at most ${INBOX_PENDING_CAP} drafts per creator in 24 hours`))).toBeTruthy()
  })

  it('a slideshow: picks a rendered one, offers only Allow comments and Auto-add music, title up to 90', async () => {
    const ctx = setup()
    expect(await screen.findByText('Ana on TikTok')).toBeTruthy()
    await ctx.user.click(screen.getByRole('radio', { name: 'Slideshow' }))
    expect(screen.queryByLabelText('Video file')).toBeNull()
    const picker = await screen.findByRole('group', { name: /^Slideshow/ })
    // Only a rendered slideshow can be posted.
    expect(within(picker).queryByRole('radio', { name: /Still rendering/ })).toBeNull()
    expect(screen.getByRole('checkbox', { name: 'Allow comments' })).toBeTruthy()
    expect(screen.queryByRole('checkbox', { name: 'Allow Duet' })).toBeNull()
    expect(screen.queryByRole('checkbox', { name: 'Allow Stitch' })).toBeNull()
    expect(screen.getByRole('checkbox', { name: /Auto-add music/ })).toHaveProperty('checked', true)
    expect(screen.getByText('0/90')).toBeTruthy()

    await ctx.user.click(screen.getByRole('button', { name: 'Schedule slideshow' }))
    expect(await screen.findByText('Choose a slideshow.')).toBeTruthy()
    expect(posted(ctx.calls)).toBeUndefined()

    await ctx.user.click(within(picker).getByRole('radio', { name: /Three sleep tips/ }))
    await ctx.user.click(screen.getByLabelText('Title'))
    await ctx.user.paste('x'.repeat(91))
    expect(screen.getByText('91/90')).toBeTruthy()
    await ctx.user.selectOptions(screen.getByLabelText('Who can view this video'), 'Everyone')
    await ctx.user.click(screen.getByRole('button', { name: 'Schedule slideshow' }))
    expect(await screen.findByText("A slideshow's title must be 90 characters or fewer")).toBeTruthy()
    expect(posted(ctx.calls)).toBeUndefined()

    await ctx.user.clear(screen.getByLabelText('Title'))
    await ctx.user.type(screen.getByLabelText('Title'), 'Sleep tips')
    await ctx.user.click(screen.getByRole('checkbox', { name: 'Allow comments' }))
    await ctx.user.click(screen.getByRole('button', { name: 'Schedule slideshow' }))
    await screen.findByText(MESSAGES.scheduleFailed)
    expect(posted(ctx.calls)).toMatchObject({
      format: 'photo',
      postMode: 'direct',
      slideshowId: 'ss-1',
      autoAddMusic: true,
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      allowComment: true,
      allowDuet: false,
      allowStitch: false,
    })
    expect(posted(ctx.calls)).not.toHaveProperty('mediaId')
  })

  it('a draft: hides privacy and interactions, says the creator finishes them in TikTok, sends none', async () => {
    const ctx = setup({
      postReply: { status: 409, body: { code: 'INBOX_CAP', message: 'This creator already has 5 drafts waiting.' } },
      slideshow: { id: 'ss-1', title: 'Three sleep tips' },
    })
    expect(await screen.findByText('Ana on TikTok')).toBeTruthy()
    // Opened from a slideshow: format Slideshow, that slideshow, its title.
    expect(screen.getByRole('radio', { name: 'Slideshow' })).toHaveProperty('checked', true)
    expect(await screen.findByRole('radio', { name: /Three sleep tips/ })).toHaveProperty('checked', true)
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Three sleep tips')

    await ctx.user.click(screen.getByRole('radio', { name: 'Send as a draft to the TikTok inbox' }))
    expect(screen.queryByLabelText('Who can view this video')).toBeNull()
    expect(screen.queryByRole('checkbox', { name: 'Allow comments' })).toBeNull()
    expect(screen.getByText(/they choose those and add a sound in the TikTok app/)).toBeTruthy()

    await ctx.user.click(screen.getByRole('button', { name: 'Schedule for TikTok' }))
    // The server's refusal (the drafts cap) is shown in the form.
    expect(await screen.findByText('This creator already has 5 drafts waiting.')).toBeTruthy()
    const body = posted(ctx.calls)
    expect(body).toMatchObject({ format: 'photo', postMode: 'inbox', allowComment: false })
    expect(body).not.toHaveProperty('privacyLevel')
  })
})
