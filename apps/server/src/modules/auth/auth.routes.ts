import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  MESSAGES,
  apiErrorSchema,
  checkResetTokenBodySchema,
  forgotPasswordBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  resetTokenStatusSchema,
  sessionResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  verifyEmailBodySchema,
  type SessionUser,
} from '@hookpost/shared'
import { verifyJWT } from 'better-auth/crypto'
import { AppError } from '../../lib/errors'
import type { Auth } from './auth'
import type { AuthRepository } from './auth.repository'
import { RateLimitedError, type AttemptKind, type AttemptLimiter } from './attempt-limits'
import { assertNotCommonPassword } from './common-passwords'

export interface AuthRoutesOptions {
  auth: Auth
  toHeaders: (request: FastifyRequest) => Headers
  rateLimitMax: number
  /** Per-email and per-user limits beside the per-address one (ADR 020). */
  limiter: AttemptLimiter
  repo: AuthRepository
  /** A change of address was confirmed: tell the old address (it must not go unseen). */
  onEmailChanged: (args: { userId: string; oldEmail: string; newEmail: string }) => Promise<void>
}

/**
 * Copies better-auth's cookies onto our reply, or turns its error into ours. Its 4xx messages are shown to the user
 * (product.md §8: "the auth service message is shown"), mapped to the spec's words where we have them.
 */
export async function relay(
  response: Response,
  reply: FastifyReply,
  /** better-auth error codes this flow names in its own words (checked first). */
  errorsByCode: Record<string, AppError> = {},
): Promise<unknown> {
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  const payload = (await response.json().catch(() => null)) as { code?: string; message?: string } | null
  if (response.ok) return payload
  const code = payload?.code ?? ''
  const mapped = errorsByCode[code]
  if (mapped) throw mapped
  if (code === 'INVALID_EMAIL_OR_PASSWORD') throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials)
  if (code.startsWith('USER_ALREADY_EXISTS')) throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken)
  if (code === 'INVALID_TOKEN') throw new AppError('INVALID_TOKEN', MESSAGES.resetTokenInvalid)
  if (response.status >= 400 && response.status < 500 && payload?.message)
    throw new AppError('BAD_REQUEST', payload.message)
  throw new Error(`auth service answered ${response.status} ${code}`)
}

/**
 * Counts an attempt against a per-subject limit; over it, answers 429 with Retry-After (the per-address limit's
 * message, so nothing tells a known email from an unknown one).
 */
export async function consumeAttempt(
  limiter: AttemptLimiter,
  reply: FastifyReply,
  kind: AttemptKind,
  subject: string,
): Promise<void> {
  try {
    await limiter.consume(kind, subject)
  } catch (err) {
    if (err instanceof RateLimitedError) reply.header('retry-after', String(err.retryAfterSeconds))
    throw err
  }
}

/** The change of address a verification token carries (signature checked), or null for a sign-up confirmation. */
async function emailChangeIn(auth: Auth, token: string) {
  const payload = await verifyJWT(token, (await auth.$context).secret)
  const { email, updateTo, userId } = (payload ?? {}) as { email?: unknown; updateTo?: unknown; userId?: unknown }
  if (typeof email !== 'string' || typeof updateTo !== 'string' || typeof userId !== 'string') return null
  return { userId, oldEmail: email, newEmail: updateTo }
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { auth, toHeaders, rateLimitMax, limiter, repo, onEmailChanged },
) => {
  // Every credential-bearing endpoint is rate limited per client address before any password hashing happens.
  const limited = { rateLimit: { max: rateLimitMax, timeWindow: '1 minute' } }

  app.post(
    '/sign-up',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in',
        body: signUpBodySchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password } = request.body
      assertNotCommonPassword(password)
      const response = await auth.api.signUpEmail({
        body: { email, password, name: email.split('@')[0] ?? email, rememberMe: true },
        headers: toHeaders(request),
        asResponse: true,
      })
      const data = (await relay(response, reply)) as { user: SessionUser }
      return { user: { id: data.user.id, email: data.user.email } }
    },
  )

  app.post(
    '/sign-in',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password',
        description:
          'rememberMe=false gives a browser-session cookie; true a cookie that lasts 30 days. At most 5 attempts per ' +
          'email address in 15 minutes (and AUTH_RATE_LIMIT_MAX per client address per minute).',
        body: signInBodySchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body
      // Counted before the password is checked, so parallel guesses are all counted; success starts over.
      await consumeAttempt(limiter, reply, 'sign-in', email)
      const response = await auth.api.signInEmail({
        body: { email, password, rememberMe },
        headers: toHeaders(request),
        asResponse: true,
      })
      const data = (await relay(response, reply)) as { user: SessionUser }
      await limiter.reset('sign-in', email)
      return { user: { id: data.user.id, email: data.user.email } }
    },
  )

  app.post(
    '/sign-out',
    { schema: { tags: ['auth'], summary: 'Sign out (ends the session)', response: { 200: messageResponseSchema } } },
    async (request, reply) => {
      const response = await auth.api.signOut({ headers: toHeaders(request), asResponse: true })
      const cookies = response.headers.getSetCookie()
      if (cookies.length > 0) reply.header('set-cookie', cookies)
      return { message: 'Signed out' }
    },
  )

  app.get(
    '/session',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, or null',
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store')
      const session = await auth.api.getSession({ headers: toHeaders(request) })
      return { user: session ? { id: session.user.id, email: session.user.email } : null }
    },
  )

  app.post(
    '/forgot-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Mail a password-reset link',
        description:
          'Answers the same whether or not the address has an account (no account enumeration). At most 3 mails ' +
          'per address an hour; a new link makes the earlier ones stop working.',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      await consumeAttempt(limiter, reply, 'password-reset', request.body.email)
      const response = await auth.api.requestPasswordReset({
        body: { email: request.body.email },
        headers: toHeaders(request),
        asResponse: true,
      })
      await relay(response, reply)
      return { message: MESSAGES.resetRequested }
    },
  )

  app.post(
    '/reset-password/check',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Check a password-reset link before asking for a new password',
        description:
          'Says whether the token from the reset mail would be accepted now (it exists and is less than an hour old). ' +
          'Nothing is used up or changed; the answer is the same shape either way.',
        body: checkResetTokenBodySchema,
        response: { 200: resetTokenStatusSchema, ...errors },
      },
    },
    async (request) => ({ valid: await repo.resetTokenUsable(request.body.token, new Date()) }),
  )

  app.post(
    '/reset-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset mail',
        description:
          'The token works once, for one hour; it and every other reset link of the user stop working. All sessions ' +
          'of the user are ended.',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      assertNotCommonPassword(request.body.password)
      const response = await auth.api.resetPassword({
        body: { token: request.body.token, newPassword: request.body.password },
        headers: toHeaders(request),
        asResponse: true,
      })
      await relay(response, reply)
      return { message: MESSAGES.passwordResetDone }
    },
  )

  app.post(
    '/verify-email',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address with the token from the mail',
        description:
          'The sign-up address becomes verified; for a change of address, the new address replaces the old one ' +
          '(verified), the old address is told, and password-reset links mailed before stop working.',
        body: verifyEmailBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { token } = request.body
      const change = await emailChangeIn(auth, token)
      if (change) {
        // Someone may have signed up with the address since the link was mailed.
        const owner = await repo.findUserIdByEmail(change.newEmail)
        if (owner !== undefined && owner !== change.userId) throw new AppError('EMAIL_TAKEN', MESSAGES.emailInUse)
      }
      const invalid = new AppError('INVALID_TOKEN', MESSAGES.verificationLinkInvalid)
      const response = await auth.api.verifyEmail({ query: { token }, headers: toHeaders(request), asResponse: true })
      await relay(response, reply, {
        INVALID_TOKEN: invalid,
        TOKEN_EXPIRED: invalid,
        USER_NOT_FOUND: invalid,
        INVALID_USER: new AppError('FORBIDDEN', MESSAGES.verificationLinkOtherAccount),
      })
      if (!change) return { message: MESSAGES.emailVerified }
      // Opening the link proved the new address is theirs. Links mailed to the old address must not reset the password.
      await repo.markEmailVerified(change.userId, new Date())
      await repo.deleteResetTokens(change.userId)
      await onEmailChanged(change)
      return { message: MESSAGES.emailChanged }
    },
  )
}

/**
 * Resolves the signed-in user or answers 401 'User not authenticated'. It needs nothing but the headers, so it runs
 * as an `onRequest` hook (http/app.ts): a request without a session is refused before its body is read or validated.
 */
export function sessionGuard(auth: Auth, toHeaders: (request: FastifyRequest) => Headers) {
  return async function requireUser(request: FastifyRequest): Promise<void> {
    const session = await auth.api.getSession({ headers: toHeaders(request) })
    if (!session) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated)
    request.user = { id: session.user.id, email: session.user.email }
    request.sessionId = session.session.id
    request.sessionExpiresAt = new Date(session.session.expiresAt)
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    user?: SessionUser
    /** The signed-in session's id (OAuth `state` is bound to it). */
    sessionId?: string
    /** When that session expires (a live event stream ends then, ADR 021). */
    sessionExpiresAt?: Date
  }
}
