import { MESSAGES } from '@hookpost/shared'
import { sha256Hex } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import type { AttemptsRepository } from './attempts.repository'

/**
 * Limits per subject beside the per-address one (ADR 020): an attacker who rotates addresses (or forges
 * X-Forwarded-For) still gets only a few guesses at one account, and cannot flood one mailbox with mail. Unknown and
 * known emails are counted alike, so a 429 says nothing about whether an account exists.
 */
export const ATTEMPT_LIMITS = {
  /** Sign-in attempts per email address (a successful sign-in starts the count over). */
  'sign-in': { max: 5, windowMs: 15 * 60 * 1000 },
  /** Password-reset mails per email address. */
  'password-reset': { max: 3, windowMs: 60 * 60 * 1000 },
  /** Current-password checks per signed-in user (change password or email, delete account). */
  'password-check': { max: 5, windowMs: 15 * 60 * 1000 },
  /** Verification and change-of-address mails per signed-in user. */
  'verification-mail': { max: 3, windowMs: 60 * 60 * 1000 },
} as const satisfies Record<string, { max: number; windowMs: number }>

export type AttemptKind = keyof typeof ATTEMPT_LIMITS

/** Emails are compared trimmed and case-insensitively; user ids as they are. */
function subjectKey(kind: AttemptKind, subject: string): string {
  return `${kind}:${sha256Hex(subject.trim().toLowerCase())}`
}

/** How often the counters of finished windows are deleted (per process; any process may do it). */
const PRUNE_EVERY_MS = 10 * 60 * 1000

export interface AttemptLimiter {
  /** Counts an attempt; throws RATE_LIMITED (the per-address limit's message) once the window's count is over. */
  consume(kind: AttemptKind, subject: string): Promise<void>
  /** Starts the count over (the person proved who they are). */
  reset(kind: AttemptKind, subject: string): Promise<void>
  /** Forgets every counter of these subjects (a deleted account). */
  forget(subjects: string[]): Promise<void>
}

export function createAttemptLimiter(deps: { repo: AttemptsRepository; clock: () => Date }): AttemptLimiter {
  const longestWindow = Math.max(...Object.values(ATTEMPT_LIMITS).map((l) => l.windowMs))
  let prunedAt = 0

  return {
    async consume(kind, subject) {
      const limit = ATTEMPT_LIMITS[kind]
      const now = deps.clock()
      if (now.getTime() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now.getTime()
        await deps.repo.prune(new Date(now.getTime() - longestWindow))
      }
      const { attempts, windowStartedAt } = await deps.repo.hit(subjectKey(kind, subject), now, limit.windowMs)
      if (attempts > limit.max) {
        const retryAfterSeconds = Math.max(
          1,
          Math.ceil((windowStartedAt.getTime() + limit.windowMs - now.getTime()) / 1000),
        )
        throw new RateLimitedError(retryAfterSeconds)
      }
    },
    async reset(kind, subject) {
      await deps.repo.clear([subjectKey(kind, subject)])
    },
    async forget(subjects) {
      const kinds = Object.keys(ATTEMPT_LIMITS) as AttemptKind[]
      await deps.repo.clear(subjects.flatMap((s) => kinds.map((kind) => subjectKey(kind, s))))
    },
  }
}

/** 429 with the per-address limit's sentence; `retryAfterSeconds` becomes the Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', MESSAGES.tooManyRequests)
  }
}
