import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { assertNotCommonPassword, commonPasswordCount, isCommonPassword } from './common-passwords'

describe('common passwords', () => {
  it('knows thousands of them, all long enough to pass the length rule', () => {
    expect(commonPasswordCount()).toBeGreaterThan(15_000)
  })

  it.each(['password', 'PASSWORD1', 'Qwertyuiop', 'iloveyou', '12345678', 'sunshine1', 'trustno1'])(
    '%s is common, whatever its case',
    (p) => expect(isCommonPassword(p)).toBe(true),
  )

  it.each(['correct horse 1', 'a fresh secret 42', 'brand new pass 9', '1234567'])('%s is not on the list', (p) =>
    expect(isCommonPassword(p)).toBe(false),
  )

  it('refuses on the named field with the clear sentence', () => {
    try {
      assertNotCommonPassword('Password123', 'password')
      expect.unreachable('a common password must be refused')
    } catch (err) {
      expect(err).toBeInstanceOf(AppError)
      expect(err).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: MESSAGES.passwordTooCommon,
        details: [{ path: 'password', message: MESSAGES.passwordTooCommon }],
      })
    }
    expect(() => assertNotCommonPassword('a fresh secret 42')).not.toThrow()
  })
})
