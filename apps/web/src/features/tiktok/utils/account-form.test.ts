import { describe, expect, it } from 'vitest'
import { makeAccount } from '../testing/test-utils'
import { firstFieldInError, initialValues, knownFieldErrors, tabOf } from './account-form'

describe('account form', () => {
  it('starts empty to add, from the account to edit', () => {
    expect(initialValues(null)).toEqual({
      accountName: '',
      accountUsername: '',
      targetAudience: '',
      niche: '',
      appGoals: '',
    })
    const account = makeAccount({ accountName: 'Ana', accountUsername: 'ana', niche: 'dinners' })
    expect(initialValues(account)).toMatchObject({ accountName: 'Ana', accountUsername: 'ana', niche: 'dinners' })
  })

  it('knows which tab each field is on', () => {
    expect(tabOf('accountName')).toBe('basic')
    expect(tabOf('accountUsername')).toBe('basic')
    expect(tabOf('targetAudience')).toBe('description')
    expect(tabOf('appGoals')).toBe('description')
  })

  it('focuses the first field in error in the order the tabs show them', () => {
    expect(firstFieldInError({ appGoals: 'x', accountUsername: 'y' })).toBe('accountUsername')
    expect(firstFieldInError({ niche: 'x', form: 'y' })).toBe('niche')
    expect(firstFieldInError({ form: 'y' })).toBeUndefined()
  })

  it("keeps the server's messages for the dialog's fields only", () => {
    expect(knownFieldErrors({ accountUsername: 'Taken', userId: 'x' })).toEqual({ accountUsername: 'Taken' })
  })
})
