import { z } from 'zod'
import { MESSAGES } from './messages'

export const PASSWORD_MIN_LENGTH = 8
/** bcrypt-style hashers and better-auth cap input length; a longer password is almost certainly a paste error. */
export const PASSWORD_MAX_LENGTH = 128

const email = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.emailInvalid)
  .pipe(z.email({ error: MESSAGES.emailInvalid }))

const newPassword = z
  .string({ error: MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`)

/**
 * "Passwords do not match" on confirmPassword. `when` makes it run as soon as the password itself is valid, even if
 * another field (the terms box) is still wrong, so the form shows every problem at once.
 */
const passwordsMatch = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword
const passwordsMatchOptions = {
  message: MESSAGES.passwordsDoNotMatch,
  path: ['confirmPassword'],
  when: (payload: { value: unknown }) => {
    const v = payload.value as { password?: unknown; confirmPassword?: unknown } | null
    return typeof v?.confirmPassword === 'string' && newPassword.safeParse(v.password).success
  },
}

export const signUpBodySchema = z
  .object({
    email,
    password: newPassword,
    confirmPassword: z.string(),
    acceptTerms: z.literal(true, { error: MESSAGES.termsRequired }),
  })
  .refine(passwordsMatch, passwordsMatchOptions)
  .meta({ id: 'SignUpBody' })
export type SignUpBody = z.infer<typeof signUpBodySchema>

export const signInBodySchema = z
  .object({
    email,
    password: z.string().min(1, MESSAGES.passwordRequired).max(PASSWORD_MAX_LENGTH, MESSAGES.invalidCredentials),
    rememberMe: z.boolean().default(false),
  })
  .meta({ id: 'SignInBody' })
export type SignInBody = z.input<typeof signInBodySchema>

export const forgotPasswordBodySchema = z.object({ email }).meta({ id: 'ForgotPasswordBody' })
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>

export const resetPasswordBodySchema = z
  .object({
    token: z.string().min(1, MESSAGES.resetTokenInvalid).max(512, MESSAGES.resetTokenInvalid),
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, passwordsMatchOptions)
  .meta({ id: 'ResetPasswordBody' })
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>

/** POST /api/auth/reset-password/check: is this link's token still good? Answers without using it (issue 21). */
export const checkResetTokenBodySchema = z
  .object({ token: z.string().min(1, MESSAGES.resetTokenInvalid).max(512, MESSAGES.resetTokenInvalid) })
  .meta({ id: 'CheckResetTokenBody' })
export type CheckResetTokenBody = z.infer<typeof checkResetTokenBodySchema>

export const resetTokenStatusSchema = z.object({ valid: z.boolean() }).meta({ id: 'ResetTokenStatus' })
export type ResetTokenStatus = z.infer<typeof resetTokenStatusSchema>

export const sessionUserSchema = z.object({ id: z.string(), email: z.string() }).meta({ id: 'SessionUser' })
export type SessionUser = z.infer<typeof sessionUserSchema>

export const sessionResponseSchema = z.object({ user: sessionUserSchema.nullable() }).meta({ id: 'Session' })
export type SessionResponse = z.infer<typeof sessionResponseSchema>

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' })
export type MessageResponse = z.infer<typeof messageResponseSchema>

// Account self-service on the Profile page (issue 18 item 10). The most common passwords are refused by the server
// (the list is too big for the browser bundle); the form shows that message on the new-password field.

const currentPassword = z
  .string({ error: MESSAGES.currentPasswordRequired })
  .min(1, MESSAGES.currentPasswordRequired)
  .max(PASSWORD_MAX_LENGTH, MESSAGES.currentPasswordWrong)

export const changePasswordBodySchema = z
  .object({
    currentPassword,
    password: newPassword,
    confirmPassword: z.string(),
  })
  .refine(passwordsMatch, passwordsMatchOptions)
  .refine((v) => v.password !== v.currentPassword, {
    message: MESSAGES.newPasswordSameAsCurrent,
    path: ['password'],
    when: (payload) => {
      const v = payload.value as { password?: unknown } | null
      return newPassword.safeParse(v?.password).success
    },
  })
  .meta({ id: 'ChangePasswordBody' })
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>

export const changeEmailBodySchema = z
  .object({ email, currentPassword })
  .meta({ id: 'ChangeEmailBody', description: 'The new address, and the current password to prove it is you.' })
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>

export const deleteAccountBodySchema = z
  .object({
    password: z
      .string({ error: MESSAGES.deleteAccountPasswordRequired })
      .min(1, MESSAGES.deleteAccountPasswordRequired)
      .max(PASSWORD_MAX_LENGTH, MESSAGES.currentPasswordWrong),
  })
  .meta({ id: 'DeleteAccountBody' })
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>

export const verifyEmailBodySchema = z
  .object({ token: z.string().min(1, MESSAGES.verificationLinkInvalid).max(4096, MESSAGES.verificationLinkInvalid) })
  .meta({ id: 'VerifyEmailBody' })
export type VerifyEmailBody = z.infer<typeof verifyEmailBodySchema>
