import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  MESSAGES,
  apiErrorSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  deleteAccountBodySchema,
  messageResponseSchema,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { userId } from '../../lib/request-user'
import {
  assertNotCommonPassword,
  consumeAttempt,
  relay,
  type AttemptLimiter,
  type Auth,
  type AuthRepository,
} from '../auth'
import type { AccountDeletionService } from './account-deletion.service'

export interface AccountRoutesOptions {
  auth: Auth
  authRepo: AuthRepository
  limiter: AttemptLimiter
  deletion: AccountDeletionService
  toHeaders: (request: FastifyRequest) => Headers
  rateLimitMax: number
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema }

/** A wrong current password, on its field (400, not 401: the person is still signed in). */
const wrongPassword = (field: string) =>
  new AppError('VALIDATION_FAILED', MESSAGES.currentPasswordWrong, [
    { path: field, message: MESSAGES.currentPasswordWrong },
  ])

/**
 * The Profile page's account self-service (issue 18 item 10, ADR 020). Registered inside the authenticated scope:
 * request.user is set. Every route that checks the current password counts the check per user (5 in 15 minutes), so
 * a stolen session cannot guess the password that protects these actions; a success starts the count over.
 */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, options) => {
  const { auth, authRepo, limiter, deletion, toHeaders } = options
  const limited = { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } }

  async function checkPassword(request: FastifyRequest, reply: FastifyReply, password: string, field: string) {
    const id = userId(request)
    await consumeAttempt(limiter, reply, 'password-check', id)
    const response = await auth.api.verifyPassword({
      body: { password },
      headers: toHeaders(request),
      asResponse: true,
    })
    await relay(response, reply, { INVALID_PASSWORD: wrongPassword(field) })
    await limiter.reset('password-check', id)
  }

  app.post(
    '/password',
    {
      config: limited,
      schema: {
        tags: ['account'],
        summary: 'Change the password (the current one is required)',
        description:
          'Every other session of the user ends; this one is renewed (a new cookie) and stays signed in. Outstanding ' +
          'password-reset links stop working. The most common passwords are refused.',
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { currentPassword, password } = request.body
      const id = userId(request)
      assertNotCommonPassword(password)
      await consumeAttempt(limiter, reply, 'password-check', id)
      // better-auth checks the current password, then in one transaction deletes every session of the user, stores
      // the new hash and opens a new session for this browser (its cookie is relayed).
      const response = await auth.api.changePassword({
        body: { currentPassword, newPassword: password, revokeOtherSessions: true },
        headers: toHeaders(request),
        asResponse: true,
      })
      await relay(response, reply, { INVALID_PASSWORD: wrongPassword('currentPassword') })
      await limiter.reset('password-check', id)
      await authRepo.deleteResetTokens(id)
      return { message: MESSAGES.passwordChanged }
    },
  )

  app.post(
    '/email',
    {
      config: limited,
      schema: {
        tags: ['account'],
        summary: 'Change the email address (the current password is required)',
        description:
          'Mails a confirmation link to the new address; the address changes (verified) when the link is opened. ' +
          'Until then the current address stays in use. The new address must not belong to another account.',
        body: changeEmailBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, currentPassword } = request.body
      const id = userId(request)
      const me = await authRepo.findUser(id)
      if (!me) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated)
      if (me.email.toLowerCase() === email.toLowerCase()) {
        throw new AppError('VALIDATION_FAILED', MESSAGES.emailSameAsCurrent, [
          { path: 'email', message: MESSAGES.emailSameAsCurrent },
        ])
      }
      await checkPassword(request, reply, currentPassword, 'currentPassword')
      const owner = await authRepo.findUserIdByEmail(email)
      if (owner !== undefined) {
        throw new AppError('EMAIL_TAKEN', MESSAGES.emailInUse, [{ path: 'email', message: MESSAGES.emailInUse }])
      }
      await consumeAttempt(limiter, reply, 'verification-mail', id)
      const response = await auth.api.changeEmail({
        body: { newEmail: email },
        headers: toHeaders(request),
        asResponse: true,
      })
      await relay(response, reply)
      return {
        message: `We sent a link to ${email.toLowerCase()}. Open it to confirm your new address; until then you keep signing in with ${me.email}.`,
      }
    },
  )

  app.post(
    '/verification-email',
    {
      config: limited,
      schema: {
        tags: ['account'],
        summary: 'Mail a new link that confirms the current email address',
        description: 'At most 3 mails an hour.',
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = userId(request)
      const me = await authRepo.findUser(id)
      if (!me) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated)
      if (me.emailVerified) throw new AppError('BAD_REQUEST', MESSAGES.emailAlreadyVerified)
      await consumeAttempt(limiter, reply, 'verification-mail', id)
      const response = await auth.api.sendVerificationEmail({
        body: { email: me.email },
        headers: toHeaders(request),
        asResponse: true,
      })
      await relay(response, reply, {
        EMAIL_ALREADY_VERIFIED: new AppError('BAD_REQUEST', MESSAGES.emailAlreadyVerified),
      })
      return { message: `We sent a new confirmation link to ${me.email}.` }
    },
  )

  app.delete(
    '/',
    {
      config: limited,
      schema: {
        tags: ['account'],
        summary: 'Delete my account and everything in it (the password is required)',
        description:
          'Deletes every row of the user (posts, videos, images, hooks, automation, TikTok accounts, mail, sessions), ' +
          'cancels their queued jobs, deletes their files, revokes their TikTok authorisations at TikTok (a failed ' +
          'revoke is logged and does not stop the deletion) and signs out.',
        body: deleteAccountBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const id = userId(request)
      await checkPassword(request, reply, request.body.password, 'password')
      await deletion.deleteAccount(id)
      // The session went with the user; this only expires the cookies in the browser.
      const signedOut = await auth.api.signOut({ headers: toHeaders(request), asResponse: true })
      const cookies = signedOut.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      return { message: MESSAGES.ownAccountDeleted }
    },
  )
}
