import { describe, expect, it } from 'vitest'
import { AUTOMATION_MESSAGES } from '@hookpost/shared/automation'
import { makeOverview, makeRun, makeSettings, makeSlot } from '../testing/test-utils'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { MESSAGES } from '@hookpost/shared/messages'
import { newRunNow, runFailureMessage, runNowBlockers, runNowProgress, waitingPosts } from './run-now'

const ready = makeSettings({ enabled: true, accountId: 'acc-1', videoIds: ['stock:feature-tour'] })

describe('runNowBlockers', () => {
  it('is empty for saved settings Run Now can use', () => {
    expect(runNowBlockers(ready, ['acc-1'])).toEqual([])
    // Accounts not loaded yet: the saved id is trusted (the server checks again).
    expect(runNowBlockers(ready, null)).toEqual([])
  })

  it('lists everything missing, in the spec’s words and the server’s order', () => {
    const found = runNowBlockers(makeSettings({ days: [] }), [])
    expect(found.map((b) => b.message)).toEqual([
      AUTOMATION_MESSAGES.disabled,
      AUTOMATION_MESSAGES.noAccount,
      AUTOMATION_MESSAGES.noVideos,
      AUTOMATION_MESSAGES.noDays,
    ])
    for (const b of found) expect(b.fix).toMatch(/save/)
  })

  it('asks for images for slideshows, and for videos only when the format uses them', () => {
    const slideshows = { ...ready, format: 'slideshow' as const, videoIds: [] }
    expect(runNowBlockers(slideshows, ['acc-1']).map((b) => b.message)).toEqual([AUTOMATION_MESSAGES.noSlideshowImages])
    expect(runNowBlockers({ ...slideshows, slideshowImageIds: ['img-1'] }, ['acc-1'])).toEqual([])
    expect(runNowBlockers({ ...ready, format: 'alternate' }, ['acc-1']).map((b) => b.message)).toEqual([
      AUTOMATION_MESSAGES.noSlideshowImages,
    ])
  })

  it('counts an account that is no longer there as none', () => {
    expect(runNowBlockers(ready, ['acc-2']).map((b) => b.message)).toEqual([AUTOMATION_MESSAGES.noAccount])
  })
})

describe('waitingPosts', () => {
  it('counts the planned posts not gone out yet, in every run', () => {
    const runs = [
      makeRun({
        slots: [makeSlot({ state: 'scheduled', approved: true }), makeSlot({ state: 'posted', approved: false })],
      }),
      makeRun({
        trigger: 'settings',
        slots: [
          makeSlot({ state: 'preparing' }),
          makeSlot({ state: 'rendering' }),
          makeSlot({ state: 'draft', edited: true }),
          makeSlot({ state: 'failed' }),
          makeSlot({ state: 'cancelled' }),
          makeSlot({ state: 'skipped' }),
        ],
      }),
    ]
    // Of them, the ones the person approved or edited (ADR 050).
    expect(waitingPosts(runs)).toEqual({ posts: 4, touched: 2 })
    expect(waitingPosts([])).toEqual({ posts: 0, touched: 0 })
  })
})

describe('what Run Now says', () => {
  it('finds the Run Now the answer made, and says live how far its post got (ADR 050)', () => {
    const run = makeRun({ trigger: 'run_now', slots: [makeSlot({ state: 'preparing' })] })
    expect(newRunNow(makeOverview({}, [run, makeRun({ trigger: 'settings' })]))).toBe(run)
    expect(newRunNow(makeOverview({}, [makeRun({ trigger: 'settings' }), run]))).toBeNull()

    const now = new Date('2026-04-20T08:30:00.000Z')
    const at = (state: Parameters<typeof makeSlot>[0]) => runNowProgress(makeRun({ slots: [makeSlot(state)] }), now)
    expect(at({ state: 'preparing' })).toBe('Run Now: making the video with its hook…')
    expect(at({ state: 'rendering', format: 'slideshow' })).toBe('Run Now: rendering the slideshow…')
    expect(at({ state: 'scheduled' })).toBe('Run Now: posting it to TikTok…')
    expect(at({ state: 'scheduled', sendAsDraft: true })).toBe('Run Now: sending it to your TikTok inbox…')
    expect(at({ state: 'posted' })).toBe('Run Now: posted to TikTok.')
    expect(at({ state: 'inbox' })).toBe(`Run Now: ${MESSAGES.sentToInbox}.`)
    expect(at({ state: 'draft', scheduledAt: '2026-04-20T09:30:00.000Z' })).toMatch(
      /^Run Now: your post awaits your approval\. Review it in the History below; approved, it goes out at .+\(Europe\/Paris\)\.$/,
    )
    expect(at({ state: 'scheduled', scheduledAt: '2026-04-20T09:30:00.000Z' })).toMatch(
      /^Run Now: approved; it goes out at /,
    )
    expect(at({ state: 'failed', errorMessage: 'TikTok allows about 15 posts a day' })).toBe(
      'Run Now: not posted. TikTok allows about 15 posts a day',
    )
  })

  it('the server’s words for a refusal, the spec’s for a failure', () => {
    expect(runFailureMessage(new ApiRequestError(400, 'VALIDATION_FAILED', AUTOMATION_MESSAGES.disabled))).toBe(
      AUTOMATION_MESSAGES.disabled,
    )
    expect(runFailureMessage(new ApiRequestError(500, 'INTERNAL', 'boom'))).toBe(AUTOMATION_MESSAGES.runFailed)
    expect(runFailureMessage(new NetworkError())).toBe(AUTOMATION_MESSAGES.runFailed)
  })
})
