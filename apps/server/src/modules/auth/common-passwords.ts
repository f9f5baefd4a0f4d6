import { dictionary } from '@zxcvbn-ts/language-common'
import { MESSAGES, PASSWORD_MIN_LENGTH } from '@hookpost/shared'
import { AppError } from '../../lib/errors'

/**
 * The most common passwords (zxcvbn-ts's list of ~49,000 from public breach corpora; ~18,000 are long enough to pass
 * our length rule), compared case-insensitively: `Password1` is as guessable as `password1`. Built once, on first use
 * (about 40 ms), so processes that never check a password do not pay for it.
 */
let common: Set<string> | undefined

function commonPasswords(): Set<string> {
  common ??= new Set(
    dictionary['passwords-common'].filter((p) => p.length >= PASSWORD_MIN_LENGTH).map((p) => p.toLowerCase()),
  )
  return common
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase())
}

/** 400 on the `password` field when the new password is on the list (sign-up, reset, change). */
export function assertNotCommonPassword(password: string, field = 'password'): void {
  if (!isCommonPassword(password)) return
  throw new AppError('VALIDATION_FAILED', MESSAGES.passwordTooCommon, [
    { path: field, message: MESSAGES.passwordTooCommon },
  ])
}

/** How many entries the check knows (tests assert the list is the size we promise). */
export function commonPasswordCount(): number {
  return commonPasswords().size
}
