import { describe, expect, it } from 'vitest'
import { AUTOMATION_MESSAGES } from '@hookpost/shared/automation'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { makeOverview, makeRun, makeSettings } from '../testing/test-utils'
import { formFromSettings, toInput } from './form'
import { SAVED_MESSAGE, saveFailure, savedMessage, saveStep } from './save-settings'

const on = makeSettings({
  enabled: true,
  accountId: 'acc-1',
  videoIds: ['stock:feature-tour'],
  postSettings: { privacyLevel: 'SELF_ONLY', allowComment: false, allowDuet: false, allowStitch: false },
})

const none = { posts: 0, touched: 0 }

describe('saveStep', () => {
  it('refuses a form the contract refuses, with its problems', () => {
    const step = saveStep({ ...formFromSettings(makeSettings()), enabled: true }, makeSettings(), none)
    expect(step.step).toBe('refuse')
    expect(step.step === 'refuse' ? step.problems.map((p) => p.field) : []).toContain('accountId')
  })

  it('asks before turning automation off, whatever is waiting', () => {
    const form = { ...formFromSettings(on), enabled: false }
    expect(saveStep(form, on, none)).toEqual({
      step: 'ask',
      question: { kind: 'off', body: expect.anything(), touched: 0 },
    })
  })

  it('asks before changed settings replace waiting posts; sends without changes or with nothing waiting', () => {
    const changed = { ...formFromSettings(on), postsPerDay: 4 }
    expect(saveStep(changed, on, { posts: 2, touched: 0 })).toMatchObject({ step: 'ask', question: { kind: 'replan' } })
    expect(saveStep(changed, on, none)).toMatchObject({ step: 'send', body: { postsPerDay: 4 } })
    expect(saveStep(formFromSettings(on), on, { posts: 2, touched: 1 })).toMatchObject({
      step: 'send',
      body: toInput(formFromSettings(on)),
    })
  })

  it('says how many of the posts it would cancel the person approved or edited (ADR 050)', () => {
    const changed = { ...formFromSettings(on), postsPerDay: 4 }
    expect(saveStep(changed, on, { posts: 3, touched: 2 })).toMatchObject({
      step: 'ask',
      question: { kind: 'replan', touched: 2 },
    })
    expect(saveStep({ ...formFromSettings(on), enabled: false }, on, { posts: 3, touched: 1 })).toMatchObject({
      step: 'ask',
      question: { kind: 'off', touched: 1 },
    })
  })
})

describe('what saving says', () => {
  it('what was planned, when saving it on made a new run', () => {
    const planned = makeRun({ id: 'run-new', trigger: 'settings', summary: 'Planned 2 posts for Friday, 17 April' })
    const next = makeOverview({ enabled: true }, [planned])
    expect(savedMessage(next, new Set())).toBe(`${SAVED_MESSAGE}. Planned 2 posts for Friday, 17 April`)
    expect(savedMessage(next, new Set(['run-new']))).toBe(SAVED_MESSAGE)
    expect(savedMessage(makeOverview({ enabled: false }, [planned]), new Set())).toBe(SAVED_MESSAGE)
  })

  it("a 400's problems on their fields; another refusal in the server's words; a failure in the spec's", () => {
    expect(
      saveFailure(
        new ApiRequestError(400, 'VALIDATION_FAILED', 'Invalid', [
          { path: 'days', message: AUTOMATION_MESSAGES.daysRequired },
        ]),
      ),
    ).toEqual({ problems: [{ field: 'days', message: AUTOMATION_MESSAGES.daysRequired }] })
    expect(saveFailure(new ApiRequestError(404, 'NOT_FOUND', 'Account not found'))).toEqual({
      message: 'Account not found',
    })
    expect(saveFailure(new ApiRequestError(503, 'INTERNAL', 'x'))).toEqual({ message: AUTOMATION_MESSAGES.saveFailed })
    expect(saveFailure(new NetworkError())).toEqual({ message: AUTOMATION_MESSAGES.saveFailed })
  })
})
