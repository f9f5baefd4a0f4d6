import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import type { Post } from '@hookpost/shared/posts'
import type { AddToQueueInput } from '@hookpost/shared/queue'
import { ApiRequestError } from '../../../lib/api-client'
import {
  fakeUploader,
  makeAccount,
  makeCreatorInfo,
  makeMedia,
  mockApi,
  notFound,
  renderWithQueryClient,
  videoFile,
} from '../testing/test-utils'
import { outcomeSentence, type ScheduledOutcome } from '../utils/scheduled-outcome'
import { ScheduleVideoForm } from './schedule-video-form'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const NOW = new Date('2027-01-10T12:00:00.000Z')

function queuedPost(body: AddToQueueInput): Post {
  return {
    id: 'post-q',
    accountId: 'acc-1',
    account: { accountName: 'Ana Cooks', accountUsername: 'anacooks', sandbox: true },
    format: 'video',
    postMode: 'direct',
    photos: null,
    autoAddMusic: true,
    title: body.title,
    description: body.description ?? '',
    privacyLevel: body.privacyLevel ?? 'SELF_ONLY',
    allowComment: body.allowComment,
    allowDuet: body.allowDuet,
    allowStitch: body.allowStitch,
    commercial: body.commercial ?? { enabled: false, yourBrand: false, brandedContent: false },
    // Monday 2027-01-11 09:30 in New York.
    scheduledAt: '2027-01-11T14:30:00.000Z',
    timeZone: 'America/New_York',
    state: 'scheduled',
    source: 'manual',
    errorMessage: null,
    rejectedAt: null,
    tiktokPostId: null,
    publishedAt: null,
    media: null,
    thumbnailUrl: null,
    tiktokUrl: null,
    stats: null,
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
  }
}

function setup(onAddToQueue?: (accountId: string, body: AddToQueueInput) => Promise<Post>) {
  const account = makeAccount()
  mockApi(({ method, path }) => {
    if (path === `/api/tiktok/accounts/${account.id}/creator-info` && method === 'GET') {
      return { status: 200, body: makeCreatorInfo() }
    }
    if (path === '/api/media' && method === 'POST') return { status: 201, body: { media: makeMedia() } }
    return notFound
  })
  const fake = fakeUploader()
  const onScheduled = vi.fn<(outcome: ScheduledOutcome) => void>()
  const user = userEvent.setup()
  renderWithQueryClient(
    <ScheduleVideoForm
      account={account}
      userTimeZone="UTC"
      uploader={fake.uploader}
      now={() => NOW}
      onAddToQueue={onAddToQueue}
      onScheduled={onScheduled}
    />,
  )
  return { account, fake, user, onScheduled }
}

async function fill(ctx: ReturnType<typeof setup>) {
  expect(await screen.findByText('Ana on TikTok')).toBeTruthy()
  await ctx.user.upload(screen.getByLabelText('Video file'), videoFile())
  ctx.fake.uploads.at(-1)?.finish('upload-1')
  expect(await screen.findByLabelText(/^Preview of /)).toBeTruthy()
  await ctx.user.type(screen.getByLabelText('Title'), 'Queued pancakes')
  await ctx.user.selectOptions(screen.getByLabelText('Who can view this video'), 'Everyone')
}

describe('Add to queue in the Schedule form', { timeout: 30_000 }, () => {
  it('is there only when the app gives the queue', async () => {
    setup()
    expect(await screen.findByText('Ana on TikTok')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Add to queue' })).toBeNull()
  })

  it('sends the form without its date and time (even a past one), then hands the queued post to the dialog', async () => {
    const add = vi.fn((_accountId: string, body: AddToQueueInput) => Promise.resolve(queuedPost(body)))
    const ctx = setup(add)
    await fill(ctx)
    // The queue chooses the time: a date the Schedule button would refuse does not matter here.
    await ctx.user.clear(screen.getByLabelText('Date'))
    await ctx.user.type(screen.getByLabelText('Date'), '2020-01-01')
    await ctx.user.click(screen.getByRole('button', { name: 'Add to queue' }))

    await waitFor(() => expect(ctx.onScheduled).toHaveBeenCalledTimes(1))
    const outcome = ctx.onScheduled.mock.calls[0]![0]
    expect(outcome.how).toBe('queued')
    expect(outcomeSentence(outcome)).toBe('Added to the queue for Mon, Jan 11, 2027, 9:30 AM (America/New_York).')
    // "Schedule another" after a queued post: the slot's time, the next day.
    expect(outcome.next).toMatchObject({ accountId: 'acc-1', date: '2027-01-12', time: '09:30' })
    expect(add).toHaveBeenCalledTimes(1)
    expect(add.mock.calls[0]?.[0]).toBe(ctx.account.id)
    expect(add.mock.calls[0]?.[1]).toEqual({
      format: 'video',
      postMode: 'direct',
      mediaId: makeMedia().id,
      title: 'Queued pancakes',
      description: '',
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      allowComment: false,
      allowDuet: false,
      allowStitch: false,
      commercial: { enabled: false, yourBrand: false, brandedContent: false },
    })
  })

  it('checks the form first, and shows the queue’s refusal (no slots yet)', async () => {
    const add = vi.fn(() => Promise.reject(new ApiRequestError(409, 'CONFLICT', MESSAGES.queueNoSlots)))
    const ctx = setup(add)
    expect(await screen.findByText('Ana on TikTok')).toBeTruthy()
    await ctx.user.click(screen.getByRole('button', { name: 'Add to queue' }))
    expect(await screen.findByText(MESSAGES.requiredFields)).toBeTruthy()
    expect(add).not.toHaveBeenCalled()

    await fill(ctx)
    await ctx.user.click(screen.getByRole('button', { name: 'Add to queue' }))
    expect(await screen.findByText(MESSAGES.queueNoSlots)).toBeTruthy()
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Queued pancakes')
    expect(ctx.onScheduled).not.toHaveBeenCalled()
  })
})
