import { act, cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import type { CreatorInfo } from '@hookpost/shared/posts'
import { BATCH_MAX_ROWS, type BatchScheduleInput } from '@hookpost/shared/posts-batch'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { installDialogPolyfill } from '../../../testing/api-mock'
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
import { BatchScheduleDialog } from './batch-schedule-dialog'

beforeAll(installDialogPolyfill)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const NOW = new Date('2027-01-10T12:00:00.000Z')
/** Generous: jsdom renders of the whole dialog are slow on a loaded two-core machine. */
const SLOW = 30_000

function setup(
  options: { accounts?: TiktokAccount[]; creators?: Record<string, CreatorInfo>; batchReply?: ApiReply } = {},
) {
  const accounts = options.accounts ?? [makeAccount()]
  let media = 0
  const { calls } = mockApi(({ method, path }) => {
    const creatorFor = /^\/api\/tiktok\/accounts\/([^/]+)\/creator-info$/.exec(path)?.[1]
    if (creatorFor && method === 'GET') {
      return { status: 200, body: options.creators?.[creatorFor] ?? makeCreatorInfo() }
    }
    if (path === '/api/media' && method === 'POST') {
      media += 1
      return { status: 201, body: { media: makeMedia({ id: `media-${media}` }) } }
    }
    if (path === '/api/posts/batch' && method === 'POST')
      return options.batchReply ?? { status: 201, body: { posts: [] } }
    return notFound
  })
  const fake = fakeUploader()
  const onScheduled = vi.fn()
  const user = userEvent.setup()
  renderWithQueryClient(
    <BatchScheduleDialog
      accounts={accounts}
      userTimeZone="UTC"
      onClose={() => {}}
      onScheduled={onScheduled}
      uploader={fake.uploader}
      now={() => NOW}
    />,
  )
  return { calls, fake, user, onScheduled }
}

const row = (name: RegExp) => screen.getByRole('group', { name })

describe('BatchScheduleDialog', () => {
  it(
    'uploads two videos at a time, the next starting when one finishes',
    async () => {
      const ctx = setup()
      await ctx.user.upload(screen.getByLabelText('Videos'), [
        videoFile('a.mp4'),
        videoFile('b.mp4'),
        videoFile('c.mp4'),
      ])
      expect(ctx.fake.uploads.map((u) => u.file.name)).toEqual(['a.mp4', 'b.mp4'])
      expect(within(row(/c\.mp4/)).getByText('Waiting to upload…')).toBeTruthy()
      act(() => ctx.fake.uploads[0]!.finish('up-a'))
      expect(await within(row(/a\.mp4/)).findByText(/^Uploaded/)).toBeTruthy()
      expect(ctx.fake.uploads.map((u) => u.file.name)).toEqual(['a.mp4', 'b.mp4', 'c.mp4'])

      // Removing a row cancels its upload.
      await ctx.user.click(screen.getByRole('button', { name: 'Remove b.mp4' }))
      expect(ctx.fake.uploads[1]!.cancelled).toBe(true)
      expect(screen.queryByRole('group', { name: /b\.mp4/ })).toBeNull()
    },
    SLOW,
  )

  it(
    'offers only the privacy levels every chosen account allows, and greys out what any of them turned off',
    async () => {
      const one = makeAccount({ id: 'acc-1', accountUsername: 'one' })
      const two = makeAccount({ id: 'acc-2', accountUsername: 'two' })
      const ctx = setup({
        accounts: [one, two],
        creators: {
          'acc-1': makeCreatorInfo({ privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'SELF_ONLY'] }),
          'acc-2': makeCreatorInfo({ privacyLevelOptions: ['SELF_ONLY', 'FOLLOWER_OF_CREATOR'], duetDisabled: true }),
        },
      })
      await ctx.user.upload(screen.getByLabelText('Videos'), [videoFile('a.mp4'), videoFile('b.mp4')])
      // Two accounts: none is chosen for the person.
      expect(within(row(/a\.mp4/)).getByLabelText('TikTok account')).toHaveProperty('value', '')
      await ctx.user.selectOptions(within(row(/a\.mp4/)).getByLabelText('TikTok account'), 'acc-1')
      await ctx.user.selectOptions(within(row(/b\.mp4/)).getByLabelText('TikTok account'), 'acc-2')
      const privacy = await screen.findByLabelText('Who can view this video')
      const offered = within(privacy)
        .getAllByRole('option')
        .map((o) => o.textContent)
      expect(offered).toEqual(['Select who can view', 'Only me'])
      expect(screen.getByRole('checkbox', { name: 'Allow Duet' })).toHaveProperty('disabled', true)
      expect(screen.getByRole('checkbox', { name: 'Allow comments' })).toHaveProperty('disabled', false)
    },
    SLOW,
  )

  it(
    "sends every row and shows the server's per-row errors next to their rows",
    async () => {
      const ctx = setup({
        batchReply: {
          status: 400,
          body: {
            code: 'VALIDATION_FAILED',
            message: MESSAGES.batchRowsInvalid,
            details: [
              { path: 'rows.1.time', message: MESSAGES.dateInPast },
              { path: 'rows.1.title', message: 'Please fill in all required fields' },
            ],
          },
        },
      })
      await ctx.user.upload(screen.getByLabelText('Videos'), [videoFile('a.mp4'), videoFile('b.mp4')])
      act(() => ctx.fake.uploads[0]!.finish('up-a'))
      act(() => ctx.fake.uploads[1]!.finish('up-b'))
      expect(await within(row(/b\.mp4/)).findByText(/^Uploaded/)).toBeTruthy()
      await ctx.user.type(within(row(/a\.mp4/)).getByLabelText('Title'), 'First')
      await ctx.user.selectOptions(await screen.findByLabelText('Who can view this video'), 'SELF_ONLY')

      await ctx.user.click(screen.getByRole('button', { name: 'Schedule all (2)' }))
      expect(await screen.findByText(MESSAGES.batchRowsInvalid)).toBeTruthy()
      const sent = ctx.calls.find((c) => c.path === '/api/posts/batch')!.body as BatchScheduleInput
      expect(sent.rows).toEqual([
        expect.objectContaining({ accountId: 'acc-1', mediaId: 'media-1', title: 'First', privacyLevel: 'SELF_ONLY' }),
        expect.objectContaining({ mediaId: 'media-2', title: '', date: '2027-01-12', time: '12:00', timeZone: 'UTC' }),
      ])
      const b = row(/b\.mp4/)
      expect(within(b).getByText(MESSAGES.dateInPast)).toBeTruthy()
      expect(within(b).getByLabelText('Title').getAttribute('aria-invalid')).toBe('true')
      expect(
        within(row(/a\.mp4/))
          .getByLabelText('Title')
          .getAttribute('aria-invalid'),
      ).toBeNull()
      expect(ctx.onScheduled).not.toHaveBeenCalled()
    },
    SLOW,
  )

  it(
    'does not send while a video is still uploading, and says so on its row',
    async () => {
      const ctx = setup()
      await ctx.user.upload(screen.getByLabelText('Videos'), [videoFile('a.mp4')])
      await ctx.user.selectOptions(await screen.findByLabelText('Who can view this video'), 'SELF_ONLY')
      await ctx.user.click(screen.getByRole('button', { name: 'Schedule all (1)' }))
      expect(within(row(/a\.mp4/)).getByText('Please wait until the video has finished uploading.')).toBeTruthy()
      expect(ctx.calls.some((c) => c.path === '/api/posts/batch')).toBe(false)
    },
    SLOW,
  )

  it(
    `takes at most ${BATCH_MAX_ROWS} videos and says why the rest were left out`,
    async () => {
      const ctx = setup()
      const files = Array.from({ length: BATCH_MAX_ROWS + 2 }, (_, i) => videoFile(`v${i}.mp4`))
      await ctx.user.upload(screen.getByLabelText('Videos'), files)
      expect(screen.getByText(MESSAGES.batchTooManyRows)).toBeTruthy()
      expect(screen.getByRole('button', { name: `Schedule all (${BATCH_MAX_ROWS})` })).toBeTruthy()
    },
    SLOW,
  )
})
