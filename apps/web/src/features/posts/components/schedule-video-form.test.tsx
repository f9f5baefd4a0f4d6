import { QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { ANALYTICS_MESSAGES, type BestTimes } from '@hookpost/shared/analytics'
import type { CreatorInfo, MediaFile, Post, SchedulePostInput } from '@hookpost/shared/posts'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { postsKey } from '../api/posts-key'
import {
  fakeUploader,
  makeAccount,
  makeCreatorInfo,
  makeMedia,
  mockApi,
  notFound,
  renderWithQueryClient,
  videoFile,
  type ApiReply,
} from '../testing/test-utils'
import type { NextPostPreset, ScheduledOutcome } from '../utils/scheduled-outcome'
import { NEW_POST_NOTE, ScheduleVideoForm, type PresetVideo } from './schedule-video-form'
import { chooseTimeZone, shownZone } from '../../../testing/time-zones'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

/** 10 January 2027, noon UTC: tomorrow is the 11th everywhere from UTC−11 to UTC+11. */
const NOW = new Date('2027-01-10T12:00:00.000Z')

function postFrom(body: SchedulePostInput): Post {
  return {
    id: 'post-1',
    accountId: body.accountId,
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
    commercial: { enabled: false, yourBrand: false, brandedContent: false, ...body.commercial },
    scheduledAt: '2027-01-11T12:00:00.000Z',
    timeZone: body.timeZone,
    state: 'scheduled',
    source: 'manual',
    errorMessage: null,
    rejectedAt: null,
    tiktokPostId: null,
    publishedAt: null,
    media: { originalName: 'clip.mp4', sizeBytes: 5 * 1024 * 1024, durationMs: 3000 },
    thumbnailUrl: null,
    tiktokUrl: null,
    stats: null,
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
  }
}

function setup(
  options: {
    creator?: CreatorInfo
    account?: TiktokAccount
    media?: MediaFile
    mediaReply?: ApiReply
    postReply?: ApiReply
    userTimeZone?: string
    video?: PresetVideo
    onCancel?: () => void
    bestTimes?: BestTimes
    initialDate?: string
    another?: NextPostPreset
  } = {},
) {
  const account = options.account ?? makeAccount()
  const creator = options.creator ?? makeCreatorInfo()
  const { calls } = mockApi(({ method, path, body }) => {
    if (path === `/api/tiktok/accounts/${account.id}/creator-info` && method === 'GET') {
      return { status: 200, body: creator }
    }
    if (path === '/api/media' && method === 'POST') {
      return options.mediaReply ?? { status: 201, body: { media: options.media ?? makeMedia() } }
    }
    if (path === '/api/posts' && method === 'POST') {
      return options.postReply ?? { status: 201, body: { post: postFrom(body as SchedulePostInput) } }
    }
    if (path === `/api/analytics/best-times?accountId=${account.id}` && method === 'GET' && options.bestTimes) {
      return { status: 200, body: options.bestTimes }
    }
    return notFound
  })
  const fake = fakeUploader()
  const onScheduled = vi.fn<(outcome: ScheduledOutcome) => void>()
  const user = userEvent.setup()
  const view = renderWithQueryClient(
    <ScheduleVideoForm
      account={account}
      userTimeZone={options.userTimeZone ?? 'UTC'}
      uploader={fake.uploader}
      now={() => NOW}
      video={options.video}
      onScheduled={onScheduled}
      onCancel={options.onCancel}
      initialDate={options.initialDate}
      another={options.another}
    />,
  )
  return { calls, fake, user, onScheduled, ...view }
}

const submitButton = () => screen.getByRole('button', { name: 'Schedule video' })

async function creatorLoaded() {
  expect(await screen.findByText('Ana on TikTok')).toBeTruthy()
}

/** Chooses a file, lets the fake transport finish, and waits for the server's check to come back. */
async function uploadVideo(ctx: ReturnType<typeof setup>, file = videoFile()) {
  await ctx.user.upload(screen.getByLabelText('Video file'), file)
  const upload = ctx.fake.uploads.at(-1)
  expect(upload?.file).toBe(file)
  upload?.finish('upload-1')
  expect(await screen.findByLabelText(/^Preview of /)).toBeTruthy()
}

async function fillValidForm(ctx: ReturnType<typeof setup>) {
  await creatorLoaded()
  await uploadVideo(ctx)
  await ctx.user.type(screen.getByLabelText('Title'), 'Five-minute pancakes')
  await ctx.user.selectOptions(screen.getByLabelText('Who can view this video'), 'Everyone')
}

// The form (now with its format and mode groups) types key by key: on a loaded 2-core machine a test takes seconds.
describe('Schedule New Video form', { timeout: 30_000 }, () => {
  it('shows who receives the post, with TikTok defaults: no privacy chosen, every interaction off', async () => {
    setup()
    await creatorLoaded()
    expect(screen.getByText(/Posting to/).textContent).toBe('Posting to Ana on TikTok')

    const privacy = screen.getByLabelText('Who can view this video') as HTMLSelectElement
    expect(privacy.value).toBe('')
    expect(
      within(privacy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select who can view', 'Everyone', 'Friends', 'Only me'])
    for (const name of ['Allow comments', 'Allow Duet', 'Allow Stitch']) {
      const box = screen.getByRole('checkbox', { name }) as HTMLInputElement
      expect(box.checked).toBe(false)
      expect(box.disabled).toBe(false)
    }
    const disclose = screen.getByRole('switch', { name: 'Disclose video content' }) as HTMLInputElement
    expect(disclose.checked).toBe(false)
    expect(screen.queryByRole('checkbox', { name: 'Your brand' })).toBeNull()

    // product.md §9: tomorrow at 12:00, in the user's zone here (the account has none).
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2027-01-11')
    expect((screen.getByLabelText('Date') as HTMLInputElement).min).toBe('2027-01-10')
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('12:00')
    expect(shownZone(screen.getByLabelText('Time zone'))).toBe('UTC')
    expect(screen.getByText(/Processing may take a few minutes/)).toBeTruthy()
    expect(screen.getByText(/By posting, you agree to TikTok's/).textContent).toBe(`${MESSAGES.musicConsent}.`)
  })

  it("defaults the zone to the account's, else the user's", async () => {
    setup({ account: makeAccount({ timeZone: 'Asia/Tokyo' }), userTimeZone: 'Europe/Paris' })
    await creatorLoaded()
    expect(shownZone(screen.getByLabelText('Time zone'))).toBe('Asia/Tokyo')
    cleanup()
    setup({ userTimeZone: 'Europe/Paris' })
    await creatorLoaded()
    expect(shownZone(screen.getByLabelText('Time zone'))).toBe('Europe/Paris')
  })

  it('says "Please fill in all required fields" and sends nothing when they are missing', async () => {
    const ctx = setup()
    await creatorLoaded()
    await ctx.user.click(submitButton())
    expect(await screen.findByText(MESSAGES.requiredFields)).toBeTruthy()
    const title = screen.getByLabelText('Title')
    expect(title.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Video file').getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByLabelText('Who can view this video').getAttribute('aria-invalid')).toBe('true')
    // The first field to fix gets focus; its error is part of its description.
    expect(document.activeElement).toBe(screen.getByLabelText('Video file'))
    const describedBy = title.getAttribute('aria-describedby') ?? ''
    expect(describedBy.split(' ').some((id) => document.getElementById(id)?.textContent === 'Enter a title.')).toBe(
      true,
    )
    expect(ctx.calls.filter((c) => c.path === '/api/posts')).toHaveLength(0)
  })

  it('greys out the interactions the creator turned off in TikTok, with the reason', async () => {
    setup({ creator: makeCreatorInfo({ commentDisabled: true, stitchDisabled: true }) })
    await creatorLoaded()
    const comments = screen.getByRole('checkbox', { name: 'Allow comments' }) as HTMLInputElement
    expect(comments.disabled).toBe(true)
    expect(comments.checked).toBe(false)
    expect(comments.getAttribute('aria-describedby')).toBeTruthy()
    expect(screen.getByText('Comments are turned off for this account in TikTok.')).toBeTruthy()
    expect((screen.getByRole('checkbox', { name: 'Allow Stitch' }) as HTMLInputElement).disabled).toBe(true)
    expect((screen.getByRole('checkbox', { name: 'Allow Duet' }) as HTMLInputElement).disabled).toBe(false)
  })

  it('asks again for privacy and interactions when another account is chosen', async () => {
    const ctx = setup()
    await creatorLoaded()
    await ctx.user.type(screen.getByLabelText('Title'), 'Kept')
    await ctx.user.selectOptions(screen.getByLabelText('Who can view this video'), 'Friends')
    await ctx.user.click(screen.getByRole('checkbox', { name: 'Allow comments' }))
    mockApi(({ path }) =>
      path === '/api/tiktok/accounts/acc-2/creator-info'
        ? { status: 200, body: makeCreatorInfo({ nickname: 'Bo Bakes' }) }
        : notFound,
    )
    ctx.rerender(
      <QueryClientProvider client={ctx.queryClient}>
        <ScheduleVideoForm
          account={makeAccount({ id: 'acc-2' })}
          userTimeZone="UTC"
          uploader={ctx.fake.uploader}
          now={() => NOW}
          onScheduled={ctx.onScheduled}
        />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('Bo Bakes')).toBeTruthy()
    expect((screen.getByLabelText('Who can view this video') as HTMLSelectElement).value).toBe('')
    expect((screen.getByRole('checkbox', { name: 'Allow comments' }) as HTMLInputElement).checked).toBe(false)
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Kept')
  })

  it('offers only the privacy options TikTok gives this creator', async () => {
    setup({ creator: makeCreatorInfo({ privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'] }) })
    await creatorLoaded()
    const privacy = screen.getByLabelText('Who can view this video')
    expect(
      within(privacy)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Select who can view', 'Followers', 'Only me'])
  })

  it('disclosure on with nothing chosen disables posting; labels and consent follow the choice', async () => {
    const ctx = setup()
    await creatorLoaded()
    await ctx.user.click(screen.getByRole('switch', { name: 'Disclose video content' }))
    expect(submitButton()).toHaveProperty('disabled', true)
    expect(submitButton().getAttribute('title')).toBe(MESSAGES.commercialNeedsChoice)
    expect(screen.getByText(MESSAGES.commercialNeedsChoice)).toBeTruthy()

    await ctx.user.click(screen.getByRole('checkbox', { name: 'Your brand' }))
    expect(submitButton()).toHaveProperty('disabled', false)
    expect(submitButton().getAttribute('title')).toBeNull()
    expect(screen.getByText("Your video will be labeled as 'Promotional content'")).toBeTruthy()
    expect(screen.getByText(/By posting, you agree to TikTok's/).textContent).toBe(`${MESSAGES.musicConsent}.`)

    // Branded content (alone or with Your brand) is a paid partnership, cannot be private, and adds its policy.
    await ctx.user.click(screen.getByRole('checkbox', { name: 'Branded content' }))
    expect(screen.getByText("Your video will be labeled as 'Paid partnership'")).toBeTruthy()
    const onlyMe = within(screen.getByLabelText('Who can view this video')).getByRole('option', {
      name: /^Only me/,
    }) as HTMLOptionElement
    expect(onlyMe.disabled).toBe(true)
    expect(onlyMe.title).toBe(MESSAGES.brandedNotPrivate)
    expect(screen.getByText(MESSAGES.brandedNotPrivate)).toBeTruthy()
    const consent = screen.getByText(/By posting, you agree to TikTok's/)
    expect(consent.textContent).toBe(MESSAGES.brandedConsent)
    expect(within(consent).getByRole('link', { name: 'Branded Content Policy' }).getAttribute('href')).toBe(
      'https://www.tiktok.com/legal/page/global/bc-policy/en',
    )
    expect(within(consent).getByRole('link', { name: 'Music Usage Confirmation' }).getAttribute('href')).toBe(
      'https://www.tiktok.com/legal/page/global/music-usage-confirmation/en',
    )

    // Turning the disclosure off forgets the choices.
    await ctx.user.click(screen.getByRole('switch', { name: 'Disclose video content' }))
    expect(screen.queryByRole('checkbox', { name: 'Branded content' })).toBeNull()
    expect(onlyMe.disabled).toBe(false)
  })

  it("with 'Only me' chosen first, 'Branded content' cannot be ticked, and says why", async () => {
    const ctx = setup()
    await creatorLoaded()
    await ctx.user.selectOptions(screen.getByLabelText('Who can view this video'), 'Only me')
    await ctx.user.click(screen.getByRole('switch', { name: 'Disclose video content' }))
    const branded = screen.getByRole('checkbox', { name: 'Branded content' }) as HTMLInputElement
    expect(branded.disabled).toBe(true)
    const hint = document.getElementById(branded.getAttribute('aria-describedby') ?? '')
    expect(hint?.textContent).toContain(MESSAGES.brandedNotPrivate)
  })

  it('refuses a time that does not exist in the chosen zone (spring-forward gap)', async () => {
    const ctx = setup()
    await fillValidForm(ctx)
    await chooseTimeZone(ctx.user, screen.getByLabelText('Time zone'), 'America/New_York')
    // 14 March 2027: New York's clocks jump from 02:00 to 03:00.
    await ctx.user.clear(screen.getByLabelText('Date'))
    await ctx.user.type(screen.getByLabelText('Date'), '2027-03-14')
    await ctx.user.clear(screen.getByLabelText('Time'))
    await ctx.user.type(screen.getByLabelText('Time'), '02:30')
    await ctx.user.click(submitButton())
    expect(await screen.findByText(MESSAGES.timeDoesNotExist)).toBeTruthy()
    expect(screen.getByLabelText('Time').getAttribute('aria-invalid')).toBe('true')
    expect(ctx.calls.filter((c) => c.path === '/api/posts')).toHaveLength(0)
  })

  it('refuses a moment in the past', async () => {
    const ctx = setup()
    await fillValidForm(ctx)
    await ctx.user.clear(screen.getByLabelText('Date'))
    await ctx.user.type(screen.getByLabelText('Date'), '2027-01-10')
    await ctx.user.clear(screen.getByLabelText('Time'))
    await ctx.user.type(screen.getByLabelText('Time'), '11:59')
    await ctx.user.click(submitButton())
    expect(await screen.findByText(MESSAGES.dateInPast)).toBeTruthy()
    expect(screen.getByLabelText('Time').getAttribute('aria-invalid')).toBe('true')
    expect(ctx.calls.filter((c) => c.path === '/api/posts')).toHaveLength(0)
  })

  it('refuses a date more than a year ahead, and the date field says how far it goes', async () => {
    const ctx = setup()
    await fillValidForm(ctx)
    const date = screen.getByLabelText('Date')
    // 10 January 2027 + 365 days.
    expect(date.getAttribute('max')).toBe('2028-01-10')
    await ctx.user.clear(date)
    await ctx.user.type(date, '2028-01-11')
    await ctx.user.click(submitButton())
    expect(await screen.findByText(MESSAGES.scheduleTooFar)).toBeTruthy()
    expect(date.getAttribute('aria-invalid')).toBe('true')
    expect(ctx.calls.filter((c) => c.path === '/api/posts')).toHaveLength(0)
  })

  it('schedules: sends the contract body, hands the post to the dialog (no notice of its own), refreshes the posts', async () => {
    const ctx = setup()
    const invalidate = vi.spyOn(ctx.queryClient, 'invalidateQueries')
    await fillValidForm(ctx)
    await ctx.user.type(screen.getByLabelText('Description'), '#breakfast')
    await chooseTimeZone(ctx.user, screen.getByLabelText('Time zone'), 'Europe/Paris')
    await ctx.user.click(screen.getByRole('checkbox', { name: 'Allow Duet' }))
    await ctx.user.click(submitButton())

    await waitFor(() => expect(ctx.onScheduled).toHaveBeenCalledTimes(1))
    const post = ctx.calls.find((c) => c.path === '/api/posts')
    expect(post?.body).toEqual({
      accountId: 'acc-1',
      format: 'video',
      postMode: 'direct',
      mediaId: 'media-1',
      title: 'Five-minute pancakes',
      description: '#breakfast',
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      allowComment: false,
      allowDuet: true,
      allowStitch: false,
      commercial: { enabled: false, yourBrand: false, brandedContent: false },
      date: '2027-01-11',
      time: '12:00',
      timeZone: 'Europe/Paris',
    })
    expect(invalidate).toHaveBeenCalledWith({ queryKey: postsKey })

    // ADR 042: the dialog closes with the post; what "Schedule another" keeps is the next day at the post's time
    // (12:00 UTC is 13:00 in Paris), in the zone chosen, with the same account, privacy and interactions.
    const outcome = ctx.onScheduled.mock.calls[0]![0]
    expect(outcome.how).toBe('scheduled')
    expect(outcome.post.id).toBe('post-1')
    expect(outcome.next).toEqual({
      accountId: 'acc-1',
      zoneChoice: 'Europe/Paris',
      format: 'video',
      postMode: 'direct',
      privacyLevel: 'PUBLIC_TO_EVERYONE',
      allowComment: false,
      allowDuet: true,
      allowStitch: false,
      date: '2027-01-12',
      time: '13:00',
    })
    // The form neither starts over nor says anything under its buttons: the dialog around it is what closes.
    expect(screen.queryByText(MESSAGES.videoScheduled)).toBeNull()
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Five-minute pancakes')
  })

  it("shows the server's message when scheduling is refused", async () => {
    const ctx = setup({
      postReply: { status: 409, body: { code: 'CONFLICT', message: 'Reconnect required: Ana Cooks' } },
    })
    await fillValidForm(ctx)
    await ctx.user.click(submitButton())
    expect(await screen.findByText('Reconnect required: Ana Cooks')).toBeTruthy()
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Five-minute pancakes')
  })

  it('says "Failed to schedule video on TikTok" when the server fails', async () => {
    const ctx = setup({ postReply: { status: 500, body: { code: 'INTERNAL', message: 'boom' } } })
    await fillValidForm(ctx)
    await ctx.user.click(submitButton())
    expect(await screen.findByText(MESSAGES.scheduleFailed)).toBeTruthy()
  })
})

describe('Video file', () => {
  it('refuses a file over 500 MB in the browser, before uploading anything', async () => {
    const ctx = setup()
    await creatorLoaded()
    await ctx.user.upload(screen.getByLabelText('Video file'), videoFile('huge.mp4', { size: 500 * 1024 * 1024 + 1 }))
    expect(await screen.findByText(MESSAGES.fileTooLarge)).toBeTruthy()
    expect(ctx.fake.uploads).toHaveLength(0)
    expect(ctx.calls.filter((c) => c.path === '/api/media')).toHaveLength(0)
    expect(screen.getByLabelText('Video file').getAttribute('aria-invalid')).toBe('true')
  })

  it('shows progress while uploading, and Cancel stops it', async () => {
    const ctx = setup()
    await creatorLoaded()
    await ctx.user.upload(screen.getByLabelText('Video file'), videoFile('clip.mp4', { size: 1000 }))
    const upload = ctx.fake.uploads[0]
    act(() => upload?.progress(420, 1000))
    const bar = screen.getByRole('progressbar', { name: 'Uploading clip.mp4' })
    expect(bar.getAttribute('aria-valuenow')).toBe('42')
    await ctx.user.click(screen.getByRole('button', { name: 'Cancel upload' }))
    expect(upload?.cancelled).toBe(true)
    expect(screen.queryByRole('progressbar')).toBeNull()
    expect(ctx.calls.filter((c) => c.path === '/api/media')).toHaveLength(0)
  })

  it("shows the server's reason when it refuses the uploaded file", async () => {
    const ctx = setup({ mediaReply: { status: 400, body: { code: 'BAD_REQUEST', message: MESSAGES.notAVideo } } })
    await creatorLoaded()
    await ctx.user.upload(screen.getByLabelText('Video file'), videoFile('notes.mp4'))
    ctx.fake.uploads[0]?.finish('upload-9')
    expect(await screen.findByText(MESSAGES.notAVideo)).toBeTruthy()
    expect(ctx.calls.find((c) => c.path === '/api/media')?.body).toEqual({ uploadId: 'upload-9' })
  })

  it('shows name, size, duration and a 200×356 preview once checked', async () => {
    const ctx = setup({ media: makeMedia({ sizeBytes: 5 * 1024 * 1024 + 123_456, durationMs: 3_000 }) })
    await creatorLoaded()
    await uploadVideo(ctx)
    const preview = screen.getByLabelText('Preview of clip.mp4') as HTMLVideoElement
    expect(preview.getAttribute('src')).toBe('/api/media/media-1/file')
    expect([preview.width, preview.height]).toEqual([200, 356])
    expect(screen.getByText('5.12 MB')).toBeTruthy()
    expect(screen.getByText('0:03')).toBeTruthy()
  })

  it('warns that a landscape video gets black bars, and still lets it be scheduled', async () => {
    const ctx = setup({ media: makeMedia({ width: 1920, height: 1080 }) })
    await creatorLoaded()
    await uploadVideo(ctx)
    expect(
      await screen.findByText(
        'This video is 1920×1080 (landscape): TikTok will show it with black bars. To fill the screen, make it in Create Videos, which fits it to 9:16.',
      ),
    ).toBeTruthy()
    expect(submitButton()).toHaveProperty('disabled', false)
  })

  it('says nothing of bars for a 9:16 video', async () => {
    const ctx = setup({ media: makeMedia({ width: 1080, height: 1920 }) })
    await creatorLoaded()
    await uploadVideo(ctx)
    await screen.findByLabelText('Preview of clip.mp4')
    expect(screen.queryByText(/black bars/)).toBeNull()
  })

  it("refuses a video longer than the creator's maximum and disables scheduling", async () => {
    const ctx = setup({
      creator: makeCreatorInfo({ maxVideoPostDurationSec: 60 }),
      media: makeMedia({ durationMs: 75_000 }),
    })
    await creatorLoaded()
    await uploadVideo(ctx)
    const message =
      'This video is 1:15 long; Ana on TikTok can post videos up to 1:00 long. Please choose a shorter video.'
    await waitFor(() => expect(screen.getAllByText(message).length).toBeGreaterThan(0))
    expect(submitButton()).toHaveProperty('disabled', true)
    expect(submitButton().getAttribute('title')).toBe(message)
  })
})

describe('Creator info', () => {
  it('when TikTok says the creator cannot post now, says why and disables scheduling', async () => {
    setup({
      creator: makeCreatorInfo({
        privacyLevelOptions: [],
        cannotPostReason: "TikTok's daily post limit for this account has been reached. Try again tomorrow.",
      }),
    })
    await creatorLoaded()
    expect(screen.getByRole('alert').textContent).toContain(
      "TikTok's daily post limit for this account has been reached.",
    )
    expect(submitButton()).toHaveProperty('disabled', true)
    expect(screen.queryByLabelText('Who can view this video')).toBeNull()
  })

  it('does not ask TikTok about an account that is not connected; says how to fix it', async () => {
    const { calls } = mockApi(() => notFound)
    renderWithQueryClient(
      <ScheduleVideoForm
        account={makeAccount({ status: 'not_connected', accountUsername: 'byhand' })}
        userTimeZone="UTC"
        uploader={fakeUploader().uploader}
        now={() => NOW}
        onScheduled={vi.fn()}
      />,
    )
    const message = '@byhand is not connected to TikTok yet. Connect it under Profile & Accounts to post to it.'
    expect(screen.getByRole('alert').textContent).toBe(message)
    expect(submitButton()).toHaveProperty('disabled', true)
    expect(submitButton().getAttribute('title')).toBe(message)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(calls).toHaveLength(0)
  })

  it('when the account must be reconnected, shows the server message and disables scheduling', async () => {
    mockApi(() => ({ status: 409, body: { code: 'CONFLICT', message: 'Reconnect Ana Cooks to post again.' } }))
    renderWithQueryClient(
      <ScheduleVideoForm
        account={makeAccount()}
        userTimeZone="UTC"
        uploader={fakeUploader().uploader}
        now={() => NOW}
        onScheduled={vi.fn()}
      />,
    )
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy()
    expect(screen.getAllByText('Reconnect Ana Cooks to post again.').length).toBeGreaterThan(0)
    expect(submitButton()).toHaveProperty('disabled', true)
  })
})

describe('Scheduling a video that is already on the server (a studio video)', () => {
  const studioVideo: PresetVideo = {
    mediaId: 'rendered-1',
    name: 'Pancake hook',
    durationMs: 5000,
    previewUrl: '/api/videos/v1/file',
    title: 'Pancake hook',
    description: 'Three ingredients',
  }

  it('shows it instead of an upload, starts from its title, and posts its media id', async () => {
    const ctx = setup({ video: studioVideo })
    await creatorLoaded()
    expect(screen.queryByLabelText('Video file')).toBeNull()
    const preview = screen.getByLabelText('Preview of Pancake hook') as HTMLVideoElement
    expect(preview.getAttribute('src')).toBe('/api/videos/v1/file')
    expect([preview.width, preview.height]).toEqual([200, 356])
    expect(screen.getByText('0:05')).toBeTruthy()
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Pancake hook')
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('Three ingredients')

    await ctx.user.selectOptions(screen.getByLabelText('Who can view this video'), 'Everyone')
    await ctx.user.click(screen.getByRole('button', { name: 'Schedule for TikTok' }))
    await waitFor(() => expect(ctx.onScheduled).toHaveBeenCalledTimes(1))
    const body = ctx.calls.find((c) => c.path === '/api/posts' && c.method === 'POST')?.body as SchedulePostInput
    expect(body).toMatchObject({ mediaId: 'rendered-1', title: 'Pancake hook', description: 'Three ingredients' })
  })

  it('has a Cancel button', async () => {
    const onCancel = vi.fn()
    const ctx = setup({ video: studioVideo, onCancel })
    await creatorLoaded()
    await ctx.user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onCancel).toHaveBeenCalledTimes(1)
  })
})

describe('Schedule New Video form: opened on a calendar day (issue 21)', () => {
  it('starts on that day at 12:00 and schedules there', async () => {
    const ctx = setup({ initialDate: '2027-01-20' })
    await creatorLoaded()
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2027-01-20')
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('12:00')
    await uploadVideo(ctx)
    await ctx.user.type(screen.getByLabelText('Title'), 'On the day')
    await ctx.user.selectOptions(screen.getByLabelText('Who can view this video'), 'Only me')
    await ctx.user.click(submitButton())
    await waitFor(() => expect(ctx.onScheduled).toHaveBeenCalledTimes(1))
    const sent = ctx.calls.find((c) => c.method === 'POST' && c.path === '/api/posts')
    expect(sent?.body).toMatchObject({ date: '2027-01-20', time: '12:00' })
  })
})

describe('Schedule New Video form: "Schedule another" (ADR 042)', () => {
  const another: NextPostPreset = {
    accountId: 'acc-1',
    zoneChoice: 'Europe/Berlin',
    format: 'video',
    postMode: 'direct',
    privacyLevel: 'MUTUAL_FOLLOW_FRIENDS',
    allowComment: true,
    allowDuet: false,
    allowStitch: true,
    date: '2027-01-12',
    time: '14:00',
  }

  it('says it is a new post and starts from the last one: its settings, the next day, nothing of its content', async () => {
    const ctx = setup({ another })
    await creatorLoaded()
    expect(screen.getByText(NEW_POST_NOTE)).toBeTruthy()
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2027-01-12')
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('14:00')
    expect(shownZone(screen.getByLabelText('Time zone'))).toBe('Europe/Berlin')
    expect((screen.getByLabelText('Who can view this video') as HTMLSelectElement).value).toBe('MUTUAL_FOLLOW_FRIENDS')
    expect((screen.getByRole('checkbox', { name: 'Allow comments' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('checkbox', { name: 'Allow Duet' }) as HTMLInputElement).checked).toBe(false)
    expect((screen.getByRole('checkbox', { name: 'Allow Stitch' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('')
    expect((screen.getByLabelText('Description') as HTMLTextAreaElement).value).toBe('')
    expect(screen.queryByLabelText(/^Preview of /)).toBeNull()

    await uploadVideo(ctx)
    await ctx.user.type(screen.getByLabelText('Title'), 'Day two')
    await ctx.user.click(submitButton())
    await waitFor(() => expect(ctx.onScheduled).toHaveBeenCalledTimes(1))
    expect(ctx.calls.find((c) => c.method === 'POST' && c.path === '/api/posts')?.body).toMatchObject({
      title: 'Day two',
      date: '2027-01-12',
      time: '14:00',
      timeZone: 'Europe/Berlin',
      privacyLevel: 'MUTUAL_FOLLOW_FRIENDS',
      allowComment: true,
      allowStitch: true,
    })
  })

  it('a first post does not say it', async () => {
    setup()
    await creatorLoaded()
    expect(screen.queryByText(NEW_POST_NOTE)).toBeNull()
  })
})

describe('Schedule New Video form: suggested times', () => {
  const bestTimes = (overrides: Partial<BestTimes> = {}): BestTimes => ({
    accountId: makeAccount().id,
    timeZone: 'UTC',
    posts: 24,
    minPosts: 10,
    enough: true,
    message: null,
    cells: [],
    suggestions: [
      { weekday: 'tuesday', hour: 18, relativeViews: 1.93, posts: 6 },
      // NOW is Sunday 12:00: Sunday 09:00 has passed today, so it is next Sunday.
      { weekday: 'sunday', hour: 9, relativeViews: 1.5, posts: 4 },
      { weekday: 'sunday', hour: 15, relativeViews: 1.4, posts: 3 },
    ],
    ...overrides,
  })

  it('offers the account’s best hours; a press fills the next such day and the time', async () => {
    const ctx = setup({ bestTimes: bestTimes() })
    const group = await screen.findByRole('group', { name: 'Suggested times' })
    const buttons = within(group).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Tue 18:00 · 1.9× typical',
      'Sun 09:00 · 1.5× typical',
      'Sun 15:00 · 1.4× typical',
    ])
    await ctx.user.click(within(group).getByRole('button', { name: 'Tue 18:00 · 1.9× typical' }))
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2027-01-12')
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('18:00')
    await ctx.user.click(within(group).getByRole('button', { name: 'Sun 09:00 · 1.5× typical' }))
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2027-01-17')
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('09:00')
    // Later today is still today.
    await ctx.user.click(within(group).getByRole('button', { name: 'Sun 15:00 · 1.4× typical' }))
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2027-01-10')
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('15:00')
  })

  it('converts the account’s hour into the zone the form is in', async () => {
    // The account's hours are in Tokyo (UTC+9); the form is in UTC: Tuesday 18:00 Tokyo is Tuesday 09:00 UTC.
    const ctx = setup({ bestTimes: bestTimes({ timeZone: 'Asia/Tokyo', suggestions: [bestTimes().suggestions[0]!] }) })
    const group = await screen.findByRole('group', { name: 'Suggested times' })
    expect(within(group).getByText(/in Asia\/Tokyo/)).toBeTruthy()
    await ctx.user.click(within(group).getByRole('button', { name: 'Tue 18:00 · 1.9× typical' }))
    expect((screen.getByLabelText('Date') as HTMLInputElement).value).toBe('2027-01-12')
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe('09:00')
  })

  it('shows nothing when the account does not have enough posts yet, or the figures cannot be had', async () => {
    const ctx = setup({
      bestTimes: bestTimes({
        posts: 3,
        enough: false,
        message: ANALYTICS_MESSAGES.notEnoughForBestTimes,
        suggestions: [],
      }),
    })
    await creatorLoaded()
    await waitFor(() => expect(ctx.calls.some((c) => c.pathname === '/api/analytics/best-times')).toBe(true))
    expect(screen.queryByText('Suggested times')).toBeNull()
    expect(screen.queryByText(ANALYTICS_MESSAGES.notEnoughForBestTimes)).toBeNull()
    cleanup()
    setup()
    await creatorLoaded()
    expect(screen.queryByText('Suggested times')).toBeNull()
  })
})
