import { describe, expect, it } from 'vitest'
import { ALL_ACCOUNTS, resolveAccountChoice } from './account-choice'

describe('resolveAccountChoice', () => {
  it('is the only account when there is one, whatever was remembered', () => {
    expect(resolveAccountChoice('', ['a'])).toBe('a')
    expect(resolveAccountChoice(ALL_ACCOUNTS, ['a'])).toBe('a')
    expect(resolveAccountChoice('gone', ['a'])).toBe('a')
  })

  it('keeps a remembered account that still exists, and All accounts when that was remembered', () => {
    expect(resolveAccountChoice('b', ['a', 'b'])).toBe('b')
    expect(resolveAccountChoice(ALL_ACCOUNTS, ['a', 'b'])).toBe(ALL_ACCOUNTS)
  })

  it('starts several accounts on All accounts, and falls back to it for an account that is gone', () => {
    expect(resolveAccountChoice('', ['a', 'b'])).toBe(ALL_ACCOUNTS)
    expect(resolveAccountChoice('deleted-or-someone-elses', ['a', 'b'])).toBe(ALL_ACCOUNTS)
  })

  it('is nothing without accounts', () => {
    expect(resolveAccountChoice(ALL_ACCOUNTS, [])).toBe('')
  })
})
