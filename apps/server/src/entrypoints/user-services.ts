import { createManualBilling } from '../integrations/billing/manual-billing'
import { createStripeBilling } from '../integrations/billing/stripe-billing'
import { createSmtpTransport, outboxTransport } from '../integrations/mail'
import {
  createAttemptLimiter,
  createAttemptsRepository,
  createAuth,
  createAuthRepository,
  RESET_TOKEN_TTL_SECONDS,
  VERIFY_EMAIL_TTL_SECONDS,
} from '../modules/auth'
import { createMailRepository, createMailService, passwordResetMail, verifyEmailMail } from '../modules/mail'
import { createNotificationsRepository, createNotificationsService } from '../modules/notifications'
import { createPlansRepository, createPlansService } from '../modules/plans'
import { createProfileRepository, createProfileService } from '../modules/profile'
import type { RuntimeBase } from './runtime-options'

/** The person's side of the app: sign-in, their profile and plan, the mail sent to them and their notices. */
export function createUserServices(base: RuntimeBase) {
  const { config, database, queue: q, events: bus, clock, log } = base
  const mailRepo = createMailRepository(database.db)
  const mail = createMailService({
    repo: mailRepo,
    queue: q,
    transport: config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl, config.mail.from) : outboxTransport,
    clock,
  })
  // Notices in the app and by mail when a post fails, an account must be reconnected, and a daily digest (ADR 034).
  const notifications = createNotificationsService({
    repo: createNotificationsRepository(database.db),
    sendMail: (message) => mail.send(message),
    events: bus,
    publicUrl: config.publicUrl,
    clock,
    log,
  })
  const profiles = createProfileService({
    repo: createProfileRepository(database.db),
    clock,
    // Read when a profile is asked for, after `plans` below exists.
    plan: (userId) => plans.profilePlan(userId),
  })
  // Plans and the free trial, enforced by every path that creates a post or connects an account (ADR 036).
  const billing = config.billing.provider === 'manual' ? createManualBilling() : createStripeBilling(config.billing)
  const plans = createPlansService({
    repo: createPlansRepository(database.db),
    billing,
    profileZone: async (userId) => (await profiles.get(userId)).timeZone,
    publicUrl: config.publicUrl,
    clock,
    log,
  })
  const authRepo = createAuthRepository(database.db)
  // Per-email and per-user attempt limits beside the per-address one, counted in the database (ADR 020).
  const attemptLimiter = createAttemptLimiter({ repo: createAttemptsRepository(database.db), clock })
  const auth = createAuth({
    db: database.db,
    repo: authRepo,
    publicUrl: config.publicUrl,
    secret: config.authSecret,
    onUserCreated: async (userId) => {
      await profiles.createForNewUser(userId)
      await plans.startTrial(userId)
    },
    onPasswordResetRequested: async ({ userId, email, link }) => {
      await mail.send({ userId, to: email, ...passwordResetMail(link, RESET_TOKEN_TTL_SECONDS / 60) })
    },
    // Whoever reset the password reads the mailbox: a lock-out by someone guessing ends here.
    onPasswordReset: ({ email }) => attemptLimiter.reset('sign-in', email),
    onVerificationRequested: async ({ userId, email, link, purpose }) => {
      await mail.send({ userId, to: email, ...verifyEmailMail(link, VERIFY_EMAIL_TTL_SECONDS / 3600, purpose) })
    },
    logger: log,
  })
  return { mailRepo, mail, notifications, profiles, plans, authRepo, attemptLimiter, auth }
}
