import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  MESSAGES,
  apiErrorSchema,
  forgotPasswordBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  signInBodySchema,
  signUpBodySchema,
  type SessionUser,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { Auth } from './auth'

export interface AuthRoutesOptions {
  auth: Auth
  toHeaders: (request: FastifyRequest) => Headers
  rateLimitMax: number
}

/**
 * Copies better-auth's cookies onto our reply, or turns its error into ours. Its 4xx messages are shown to the user
 * (spec §8: "the auth service message is shown"), mapped to the spec's words where we have them.
 */
async function relay(response: Response, reply: FastifyReply): Promise<unknown> {
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) reply.header('set-cookie', cookies)
  const payload = (await response.json().catch(() => null)) as { code?: string; message?: string } | null
  if (response.ok) return payload
  const code = payload?.code ?? ''
  if (code === 'INVALID_EMAIL_OR_PASSWORD') throw new AppError('INVALID_CREDENTIALS', MESSAGES.invalidCredentials)
  if (code.startsWith('USER_ALREADY_EXISTS')) throw new AppError('EMAIL_TAKEN', MESSAGES.emailTaken)
  if (code === 'INVALID_TOKEN') throw new AppError('INVALID_TOKEN', MESSAGES.resetTokenInvalid)
  if (response.status >= 400 && response.status < 500 && payload?.message)
    throw new AppError('BAD_REQUEST', payload.message)
  throw new Error(`auth service answered ${response.status} ${code}`)
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
  500: apiErrorSchema,
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, toHeaders, rateLimitMax }) => {
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
        description: 'rememberMe=false gives a browser-session cookie; true a cookie that lasts 30 days.',
        body: signInBodySchema,
        response: { 200: sessionResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, rememberMe } = request.body
      const response = await auth.api.signInEmail({
        body: { email, password, rememberMe },
        headers: toHeaders(request),
        asResponse: true,
      })
      const data = (await relay(response, reply)) as { user: SessionUser }
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
        description: 'Answers the same whether or not the address has an account (no account enumeration).',
        body: forgotPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
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
    '/reset-password',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with the token from the reset mail',
        description: 'The token works once, for one hour. All sessions of the user are ended.',
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const response = await auth.api.resetPassword({
        body: { token: request.body.token, newPassword: request.body.password },
        headers: toHeaders(request),
        asResponse: true,
      })
      await relay(response, reply)
      return { message: MESSAGES.passwordResetDone }
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
