import { describe, expect, it } from 'vitest'
import { AUTOMATION_MESSAGES } from '@hookpost/shared/automation'
import { makeSettings } from '../testing/test-utils'
import {
  fieldOf,
  formFromSettings,
  hasUnsavedChanges,
  keywords,
  problemsAfterChange,
  problemsFromDetails,
  toInput,
  validate,
  type Problem,
} from './form'

describe('automation form', () => {
  it('reads comma-separated keywords as the content generator does', () => {
    expect(keywords(' budget, meal prep ,, ')).toEqual(['budget', 'meal prep'])
    expect(keywords('')).toEqual([])
  })

  it('round-trips saved settings, Monday first, and knows when something changed', () => {
    const saved = makeSettings({ days: ['friday', 'monday'], mustInclude: ['budget', 'meal prep'] })
    const form = formFromSettings(saved)
    expect(form.mustInclude).toBe('budget, meal prep')
    expect(toInput(form).days).toEqual(['monday', 'friday'])
    expect(hasUnsavedChanges(form, saved)).toBe(false)
    expect(hasUnsavedChanges({ ...form, mustInclude: 'budget,meal prep' }, saved)).toBe(false)
    expect(hasUnsavedChanges({ ...form, postsPerDay: 4 }, saved)).toBe(true)
  })

  it('finds the field of a zod path or a server detail path', () => {
    expect(fieldOf(['postSettings.privacyLevel'])).toBe('postSettings.privacyLevel')
    expect(fieldOf(['postSettings', 'privacyLevel'])).toBe('postSettings.privacyLevel')
    expect(fieldOf('postSettings.privacyLevel')).toBe('postSettings.privacyLevel')
    expect(fieldOf('exampleHooks.2')).toBe('exampleHooks')
    expect(fieldOf(['mustInclude', 0])).toBe('mustInclude')
    expect(fieldOf('timeZone')).toBeNull()
    expect(fieldOf('')).toBeNull()
  })

  it('turns a 400 into problems: one per field, the message alone when there are no details', () => {
    expect(
      problemsFromDetails(
        [
          { path: 'days', message: AUTOMATION_MESSAGES.daysRequired },
          { path: 'days', message: 'Something else' },
          { path: 'exampleHooks.1', message: AUTOMATION_MESSAGES.exampleHookBlank },
        ],
        AUTOMATION_MESSAGES.daysRequired,
      ),
    ).toEqual([
      { field: 'days', message: AUTOMATION_MESSAGES.daysRequired },
      { field: 'exampleHooks', message: AUTOMATION_MESSAGES.exampleHookBlank },
    ])
    expect(problemsFromDetails(undefined, 'Automation is disabled')).toEqual([
      { field: null, message: 'Automation is disabled' },
    ])
  })

  it("says keyword limits in people's words, and keeps the contract's own message for the total length", () => {
    const form = formFromSettings(makeSettings())
    const tooLong = validate({ ...form, mayInclude: 'x'.repeat(51) })
    expect(tooLong.ok ? [] : tooLong.problems).toEqual([
      { field: 'mayInclude', message: 'Use at most 10 keywords, each at most 50 characters' },
    ])
    const total = validate({ ...form, mustInclude: Array.from({ length: 9 }, () => 'x'.repeat(10)).join(',') })
    expect(total.ok ? [] : total.problems).toEqual([
      { field: 'mustInclude', message: 'Must-include keywords can be at most 80 characters together' },
    ])
  })
})

describe('problems after a change', () => {
  const problems: Problem[] = [
    { field: 'accountId', message: 'No TikTok account selected' },
    { field: 'windowEnd', message: 'End time must be after start time' },
    { field: 'customConcept', message: 'Describe your hook concept' },
    { field: 'postSettings.allowDuet', message: 'Choose' },
    { field: null, message: 'Automation is disabled' },
  ]
  const left = (patch: Parameters<typeof problemsAfterChange>[1]) =>
    problemsAfterChange(problems, patch).map((p) => p.field)

  it('drops the messages of the fields a change can fix, and keeps those about the settings as a whole', () => {
    expect(left({ accountId: 'acc-1' })).toEqual(['windowEnd', 'customConcept', 'postSettings.allowDuet', null])
    // Any of the window's three fields can fix the window.
    expect(left({ postsPerDay: 2 })).toEqual(['accountId', 'customConcept', 'postSettings.allowDuet', null])
    // A concept that is not 'Other' needs no words of its own.
    expect(left({ hookConcept: 'random' })).toEqual(['accountId', 'windowEnd', 'postSettings.allowDuet', null])
    expect(left({ postSettings: makeSettings().postSettings })).toEqual([
      'accountId',
      'windowEnd',
      'customConcept',
      null,
    ])
    // What enabling needs is asked again on the next save.
    expect(left({ enabled: true })).toEqual(['windowEnd', 'customConcept', 'postSettings.allowDuet', null])
  })

  it('gives back the same list when nothing went', () => {
    expect(problemsAfterChange(problems, { reviewBeforePosting: true })).toBe(problems)
    expect(problemsAfterChange(problems, { mustInclude: 'budget' })).toBe(problems)
  })
})
