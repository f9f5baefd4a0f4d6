import { betterAuth } from 'better-auth'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@hookpost/shared'
import type { Database } from '../../db/client'
import { authDatabaseAdapter, type AuthRepository } from './auth.repository'

export const RESET_TOKEN_TTL_SECONDS = 60 * 60
/** An address-confirmation link lasts a day: mail can be slow, and people open it the next morning. */
export const VERIFY_EMAIL_TTL_SECONDS = 24 * 60 * 60

export interface AuthDeps {
  db: Database
  repo: AuthRepository
  publicUrl: string
  secret: string
  /** Called inside sign-up, after the user row exists. */
  onUserCreated: (userId: string) => Promise<void>
  /** Called with the link to mail; must be quick (it runs inside the request) and must not throw for unknown users. */
  onPasswordResetRequested: (args: { userId: string; email: string; link: string }) => Promise<void>
  /** A reset went through: the person proved they read this mailbox. */
  onPasswordReset: (args: { userId: string; email: string }) => Promise<void>
  /**
   * Called with a link that confirms `email`: the sign-up address (`sign-up`), or the address a signed-in person asked
   * to change to (`change`). Quick, like onPasswordResetRequested.
   */
  onVerificationRequested: (args: {
    userId: string
    email: string
    link: string
    purpose: 'sign-up' | 'change'
  }) => Promise<void>
  logger: { warn: (msg: string) => void; error: (msg: string) => void }
}

/**
 * better-auth (ADR 004) with sessions in our database. Its HTTP handler is not mounted: our own routes (auth.routes.ts)
 * validate with the shared zod contracts and call `auth.api.*`, so only the flows we offer exist.
 */
export function createAuth(deps: AuthDeps) {
  return betterAuth({
    appName: 'Hookpost',
    baseURL: deps.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: [deps.publicUrl],
    database: authDatabaseAdapter(deps.db),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_TOKEN_TTL_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: u, token }) => {
        // Only the newest link works: asking again kills the links mailed before (issue 18 item 4, ADR 020).
        await deps.repo.deleteResetTokens(u.id, token)
        // Our own link to the web page, not better-auth's redirect endpoint: the page posts the token back.
        const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
        await deps.onPasswordResetRequested({ userId: u.id, email: u.email, link })
      },
      onPasswordReset: async ({ user: u }) => {
        // better-auth consumed the token used; any other one still outstanding dies with it.
        await deps.repo.deleteResetTokens(u.id)
        await deps.onPasswordReset({ userId: u.id, email: u.email })
      },
    },
    // Sign-in is not blocked on a verified address (the product never required it); the Profile page shows the state
    // and resends the mail (ADR 020).
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_EMAIL_TTL_SECONDS,
      sendVerificationEmail: async ({ user: u, token }) => {
        // For a change of address better-auth hands over the user with the *new* address; the stored one is the old.
        const stored = await deps.repo.findUser(u.id)
        const purpose = stored && stored.email.toLowerCase() !== u.email.toLowerCase() ? 'change' : 'sign-up'
        const link = `${deps.publicUrl}/verify-email?token=${encodeURIComponent(token)}`
        await deps.onVerificationRequested({ userId: u.id, email: u.email, link, purpose })
      },
    },
    // A new address takes effect only when the link mailed to it is opened (auth.routes.ts /verify-email).
    user: { changeEmail: { enabled: true } },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    // Rate limiting is done by @fastify/rate-limit on our routes, before any hashing happens.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: 'hookpost',
      useSecureCookies: deps.publicUrl.startsWith('https://'),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await deps.onUserCreated(created.id)
          },
        },
      },
    },
    logger: {
      level: 'warn',
      log: (level, message) => {
        if (level === 'error') deps.logger.error(`[auth] ${message}`)
        else deps.logger.warn(`[auth] ${message}`)
      },
    },
    telemetry: { enabled: false },
  })
}

export type Auth = ReturnType<typeof createAuth>
