import { describe, expect, it } from 'vitest'
import { AUTOMATION_MESSAGES } from '@hookpost/shared/automation'
import { makeSettings } from '../testing/test-utils'
import { fieldOf, formFromSettings, hasUnsavedChanges, keywords, problemsFromDetails, toInput, validate } from './form'

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
