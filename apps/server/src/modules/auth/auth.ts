import { betterAuth } from 'better-auth'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@hookpost/shared'
import type { Database } from '../../db/client'
import { authDatabaseAdapter } from './auth.repository'

export const RESET_TOKEN_TTL_SECONDS = 60 * 60

export interface AuthDeps {
  db: Database
  publicUrl: string
  secret: string
  /** Called inside sign-up, after the user row exists. */
  onUserCreated: (userId: string) => Promise<void>
  /** Called with the link to mail; must be quick (it runs inside the request) and must not throw for unknown users. */
  onPasswordResetRequested: (args: { userId: string; email: string; link: string }) => Promise<void>
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
        // Our own link to the web page, not better-auth's redirect endpoint: the page posts the token back.
        const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
        await deps.onPasswordResetRequested({ userId: u.id, email: u.email, link })
      },
    },
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
