import { describe, expect, it } from 'vitest'
import { changePasswordBodySchema, resetPasswordBodySchema, signInBodySchema, signUpBodySchema } from './auth'
import { DASHBOARD_TABS, isDashboardTabKey } from './dashboard'
import { MESSAGES } from './messages'
import { isValidTimeZone } from './time'

const validSignUp = {
  email: 'ana@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  acceptTerms: true,
}

/** The issues of a failed parse as `{ path, message }` (fails the test if the parse succeeded). */
function issuesOf(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  expect(result.success).toBe(false)
  return (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }))
}

describe('signUpBodySchema', () => {
  it('accepts a valid body and trims the email', () => {
    const result = signUpBodySchema.safeParse({ ...validSignUp, email: '  ana@example.com  ' })
    expect(result.success).toBe(true)
    expect(result.data).toEqual(validSignUp)
  })

  it('accepts a password of exactly 8 characters', () => {
    expect(
      signUpBodySchema.safeParse({ ...validSignUp, password: '12345678', confirmPassword: '12345678' }).success,
    ).toBe(true)
  })

  it('refuses a 7-character password with the spec message', () => {
    const issues = issuesOf(
      signUpBodySchema.safeParse({ ...validSignUp, password: '1234567', confirmPassword: '1234567' }),
    )
    expect(issues).toEqual([{ path: 'password', message: 'Password must be at least 8 characters long' }])
  })

  it('reports mismatched passwords on confirmPassword', () => {
    const issues = issuesOf(signUpBodySchema.safeParse({ ...validSignUp, confirmPassword: 'correct horsf' }))
    expect(issues).toEqual([{ path: 'confirmPassword', message: 'Passwords do not match' }])
  })

  it('reports mismatched passwords together with the missing terms', () => {
    const issues = issuesOf(
      signUpBodySchema.safeParse({ ...validSignUp, confirmPassword: 'correct horsf', acceptTerms: false }),
    )
    expect(issues).toEqual([
      { path: 'acceptTerms', message: MESSAGES.termsRequired },
      { path: 'confirmPassword', message: 'Passwords do not match' },
    ])
  })

  it.each([
    ['false', false],
    ['missing', undefined],
  ])('requires accepting the terms (%s)', (_label, acceptTerms) => {
    const issues = issuesOf(signUpBodySchema.safeParse({ ...validSignUp, acceptTerms }))
    expect(issues).toEqual([{ path: 'acceptTerms', message: MESSAGES.termsRequired }])
    expect(MESSAGES.termsRequired).toBe('You must agree to the Terms of Service and Privacy Policy')
  })

  it('refuses an incomplete email address', () => {
    const issues = issuesOf(signUpBodySchema.safeParse({ ...validSignUp, email: 'a@' }))
    expect(issues).toEqual([{ path: 'email', message: 'Please enter a valid email address' }])
  })

  it('asks for an email when it is blank', () => {
    const issues = issuesOf(signUpBodySchema.safeParse({ ...validSignUp, email: '   ' }))
    expect(issues).toEqual([{ path: 'email', message: MESSAGES.emailRequired }])
  })
})

describe('signInBodySchema', () => {
  it('defaults rememberMe to false', () => {
    const result = signInBodySchema.safeParse({ email: 'ana@example.com', password: 'x' })
    expect(result.success).toBe(true)
    expect(result.data?.rememberMe).toBe(false)
  })

  it('keeps rememberMe when given', () => {
    expect(signInBodySchema.parse({ email: 'ana@example.com', password: 'x', rememberMe: true }).rememberMe).toBe(true)
  })

  it('asks for the password when it is empty', () => {
    const issues = issuesOf(signInBodySchema.safeParse({ email: 'ana@example.com', password: '' }))
    expect(issues).toEqual([{ path: 'password', message: MESSAGES.passwordRequired }])
  })
})

describe('resetPasswordBodySchema', () => {
  it('accepts matching passwords', () => {
    expect(
      resetPasswordBodySchema.safeParse({ token: 't', password: 'new password', confirmPassword: 'new password' })
        .success,
    ).toBe(true)
  })

  it('reports mismatched passwords on confirmPassword', () => {
    const issues = issuesOf(
      resetPasswordBodySchema.safeParse({ token: 't', password: 'new password', confirmPassword: 'other password' }),
    )
    expect(issues).toEqual([{ path: 'confirmPassword', message: 'Passwords do not match' }])
  })
})

describe('isValidTimeZone', () => {
  it('accepts an IANA zone and refuses an unknown one', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true)
    expect(isValidTimeZone('UTC')).toBe(true)
    expect(isValidTimeZone('Mars/Base')).toBe(false)
  })
})

describe('isDashboardTabKey', () => {
  it('accepts every dashboard tab key and nothing else', () => {
    for (const tab of DASHBOARD_TABS) expect(isDashboardTabKey(tab.key)).toBe(true)
    for (const value of ['', 'Schedule', 'profile', 'Schedule Videos', null, undefined, 1]) {
      expect(isDashboardTabKey(value)).toBe(false)
    }
  })
})

describe('changePasswordBodySchema', () => {
  const valid = { currentPassword: 'old secret 1', password: 'new secret 22', confirmPassword: 'new secret 22' }

  it('accepts a new password that differs from the current one', () => {
    expect(changePasswordBodySchema.safeParse(valid).success).toBe(true)
  })

  it('asks for the current password, and for a new one that is different', () => {
    expect(issuesOf(changePasswordBodySchema.safeParse({ ...valid, currentPassword: '' }))).toEqual([
      { path: 'currentPassword', message: MESSAGES.currentPasswordRequired },
    ])
    const same = { currentPassword: 'same secret 1', password: 'same secret 1', confirmPassword: 'same secret 1' }
    expect(issuesOf(changePasswordBodySchema.safeParse(same))).toEqual([
      { path: 'password', message: MESSAGES.newPasswordSameAsCurrent },
    ])
  })

  it('reports a short or mismatched new password like sign-up does', () => {
    expect(
      issuesOf(changePasswordBodySchema.safeParse({ ...valid, password: 'short', confirmPassword: 'short' })),
    ).toEqual([{ path: 'password', message: MESSAGES.passwordTooShort }])
    expect(issuesOf(changePasswordBodySchema.safeParse({ ...valid, confirmPassword: 'other secret 3' }))).toEqual([
      { path: 'confirmPassword', message: MESSAGES.passwordsDoNotMatch },
    ])
  })
})
