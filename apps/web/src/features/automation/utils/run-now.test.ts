import { describe, expect, it } from 'vitest'
import { AUTOMATION_MESSAGES } from '@hookpost/shared/automation'
import { makeOverview, makeRun, makeSettings, makeSlot } from '../testing/test-utils'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { ranMessage, runFailureMessage, runNowBlockers, waitingPosts } from './run-now'

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
      makeRun({ slots: [makeSlot({ state: 'scheduled' }), makeSlot({ state: 'posted' })] }),
      makeRun({
        trigger: 'settings',
        slots: [
          makeSlot({ state: 'preparing' }),
          makeSlot({ state: 'rendering' }),
          makeSlot({ state: 'draft' }),
          makeSlot({ state: 'failed' }),
          makeSlot({ state: 'cancelled' }),
          makeSlot({ state: 'skipped' }),
        ],
      }),
    ]
    expect(waitingPosts(runs)).toBe(4)
    expect(waitingPosts([])).toBe(0)
  })
})

describe('what Run Now says', () => {
  it('the newest run’s summary once it planned', () => {
    expect(
      ranMessage(makeOverview({}, [makeRun({ summary: 'Planned 3 posts for Wednesday, 15 April' }), makeRun()])),
    ).toBe('Planned 3 posts for Wednesday, 15 April')
    expect(ranMessage(makeOverview())).toBe('Automation ran')
  })

  it('the server’s words for a refusal, the spec’s for a failure', () => {
    expect(runFailureMessage(new ApiRequestError(400, 'VALIDATION_FAILED', AUTOMATION_MESSAGES.disabled))).toBe(
      AUTOMATION_MESSAGES.disabled,
    )
    expect(runFailureMessage(new ApiRequestError(500, 'INTERNAL', 'boom'))).toBe(AUTOMATION_MESSAGES.runFailed)
    expect(runFailureMessage(new NetworkError())).toBe(AUTOMATION_MESSAGES.runFailed)
  })
})
