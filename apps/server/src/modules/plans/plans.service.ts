import {
  MESSAGES,
  PLAN_MESSAGES,
  planById,
  todayInZone,
  type BillingOverview,
  type CheckoutResponse,
  type PlanId,
} from '@hookpost/shared'
import { WebhookSignatureError, type BillingEvent, type BillingProvider } from '../../integrations/billing/port'
import { AppError } from '../../lib/errors'
import type { Log as BaseLog } from '../../lib/log'
import { entitlementAt, monthOf, monthWindow, storageAllows, trialDaysLeft, type Entitlement } from './plan-rules'
import { plansQueries as q, type Executor, type PlansRepository } from './plans.repository'

type Log = Pick<BaseLog, 'info' | 'warn' | 'error'>

export interface PlansServiceDeps {
  repo: PlansRepository
  billing: BillingProvider
  /** The person's zone (Profile), for "posts this month" on the Plan section; UTC without one. */
  profileZone: (userId: string) => Promise<string | null>
  publicUrl: string
  clock: () => Date
  log: Log
}

/** A post about to count against its month (its scheduled instant and the zone it was chosen in). */
export interface PostToCount {
  scheduledAt: Date
  timeZone: string
  /** Drafts never count; they are refused only once the trial ended without a plan. */
  draft?: boolean
}

/** Where the browser comes back to after a provider's checkout: the Profile's Plan section. */
export const PLAN_SECTION_PATH = '/dashboard/profile#plan'

/** The trial ended (or a paid plan after it) without a plan: nothing new until one is chosen. */
const trialEnded = () => new AppError('TRIAL_ENDED', PLAN_MESSAGES.trialEnded)

/**
 * Plans and the free trial, enforced on the server (ADR 036): the one entitlements service every path that creates a
 * post or connects a new TikTok account goes through. Each check runs inside the caller's creating transaction and
 * first locks the person's subscription row, so two creates at the limit cannot both pass (the second counts after
 * the first committed). Billing (manual or a provider) changes the row; webhooks are applied once per event id.
 */
export function createPlansService(deps: PlansServiceDeps) {
  const { repo, billing, profileZone, publicUrl, clock, log } = deps

  async function lockedEntitlement(tx: Executor, userId: string) {
    await q.ensure(tx, userId)
    const row = await q.lock(tx, userId)
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound)
    return { row, ent: entitlementAt(row, clock()) }
  }

  async function countInMonth(tx: Executor, userId: string, month: string, exceptPostId?: string) {
    const { from, to } = monthWindow(month)
    const rows = await q.countedPostsBetween(tx, userId, from, to, exceptPostId)
    return rows.filter((r) => monthOf(r.scheduledAt, r.timeZone) === month).length
  }

  function postsLimitError(ent: Entitlement, limit: number): AppError {
    return new AppError('PLAN_LIMIT', PLAN_MESSAGES.postsLimit(ent.planName ?? 'current', limit))
  }

  async function overviewFor(db: Executor, userId: string): Promise<BillingOverview> {
    const row = await q.ensure(db, userId)
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound)
    const now = clock()
    const ent = entitlementAt(row, now)
    const zone = (await profileZone(userId).catch(() => null)) ?? 'UTC'
    const month = todayInZone(now, zone).slice(0, 7)
    const [accounts, posts, storageBytes] = await Promise.all([
      q.connectedAccounts(db, userId),
      countInMonth(db, userId, month),
      q.storageUsed(db, userId),
    ])
    return {
      state: ent.state,
      plan: ent.plan,
      chosenPlan: row.chosenPlan,
      trialEndsAt: row.trialEndsAt.toISOString(),
      trialDaysLeft: ent.state === 'trial' ? trialDaysLeft(row.trialEndsAt, now) : 0,
      currentPeriodEnd: row.currentPeriodEnd ? row.currentPeriodEnd.toISOString() : null,
      limits: {
        maxAccounts: ent.maxAccounts,
        scheduledPostsPerMonth: ent.scheduledPostsPerMonth,
        storageBytes: ent.storageBytes,
      },
      usage: { accounts, scheduledPostsThisMonth: posts, month, storageBytes },
      provider: billing.kind,
    }
  }

  /**
   * Whether `addingBytes` more may be stored now (ADR 058): null, or the PLAN_LIMIT refusal naming the plan's storage
   * and what is used. `addingBytes` 0: a render or export, refused only once the person is at or over the limit.
   * Read, not locked: two requests in the same instant may each take the last room (bounded by their sizes).
   */
  async function storageRefusal(userId: string, addingBytes: number): Promise<AppError | null> {
    const row = await q.ensure(repo.db, userId)
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound)
    const ent = entitlementAt(row, clock())
    const used = await q.storageUsed(repo.db, userId)
    if (storageAllows(ent.storageBytes, used, addingBytes)) return null
    return new AppError('PLAN_LIMIT', PLAN_MESSAGES.storageLimit(ent.planName, ent.storageBytes, used))
  }

  async function apply(event: BillingEvent): Promise<'applied' | 'duplicate' | 'unknown_user' | 'stale'> {
    return repo.transaction(async (tx) => {
      let userId = event.kind === 'ignored' ? null : event.userId
      if (event.kind !== 'ignored' && !userId) {
        userId = (await q.findBySubscriptionId(tx, event.subscriptionId))?.userId ?? null
      }
      // A person who is gone (deleted their account) is not recorded against the event.
      const known = userId ? await q.ensure(tx, userId) : undefined
      if (!known) userId = null
      const fresh = await q.recordEvent(tx, {
        eventId: event.eventId,
        provider: billing.kind,
        kind: event.kind,
        userId,
      })
      if (!fresh) return 'duplicate'
      if (event.kind === 'ignored') return 'applied'
      if (!userId) {
        log.warn(`[billing] ${event.kind} ${event.eventId} names no known person; recorded, nothing changed`)
        return 'unknown_user'
      }
      const current = await q.lock(tx, userId)
      // Providers do not promise order: an event made before the last one applied (a late "active" after the
      // cancellation) is recorded and changes nothing.
      if (current?.lastEventAt && event.occurredAt < current.lastEventAt) {
        log.warn(
          `[billing] ${event.kind} ${event.eventId} is older than the last event applied; recorded, nothing changed`,
        )
        return 'stale'
      }
      if (event.kind === 'subscription_active') {
        await q.activate(
          tx,
          userId,
          {
            plan: event.plan,
            provider: billing.kind,
            customerId: event.customerId,
            subscriptionId: event.subscriptionId,
            currentPeriodEnd: event.currentPeriodEnd,
            lastEventAt: event.occurredAt,
          },
          clock(),
        )
      } else {
        await q.end(tx, userId, event.subscriptionId, event.occurredAt, clock())
      }
      return 'applied'
    })
  }

  return {
    /** What the profile shows as its plan: the paid plan, else 'trial' (ended or not), and when the trial ends. */
    async profilePlan(userId: string): Promise<{ plan: PlanId | 'trial'; trialEndsAt: string } | null> {
      const row = await q.ensure(repo.db, userId)
      if (!row) return null
      const ent = entitlementAt(row, clock())
      return { plan: ent.plan ?? 'trial', trialEndsAt: row.trialEndsAt.toISOString() }
    },

    /**
     * PUT /api/billing/chosen-plan: records the plan picked on the pricing page (the register page sends it once the
     * person exists). It changes no limit and charges nothing; the overview answers with it.
     */
    async choosePlan(userId: string, plan: PlanId): Promise<BillingOverview> {
      const row = await q.ensure(repo.db, userId)
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      await q.recordChosenPlan(repo.db, userId, plan)
      return overviewFor(repo.db, userId)
    },

    /** At sign-up: the free trial starts now (by the app's clock, which tests move). */
    async startTrial(userId: string): Promise<void> {
      await q.startTrial(repo.db, userId, clock())
    },

    /**
     * Inside the creating transaction, before a post is written: refuses it once the trial ended without a plan
     * (TRIAL_ENDED), or when its calendar month already holds the plan's number of counted posts (PLAN_LIMIT). Posts
     * written earlier in the same transaction (a batch) are counted, so a batch is judged whole.
     */
    async checkNewPost(tx: Executor, userId: string, input: PostToCount): Promise<void> {
      const { ent } = await lockedEntitlement(tx, userId)
      if (ent.state === 'ended') throw trialEnded()
      const limit = ent.scheduledPostsPerMonth
      if (input.draft || limit === null) return
      const used = await countInMonth(tx, userId, monthOf(input.scheduledAt, input.timeZone))
      if (used + 1 > limit) throw postsLimitError(ent, limit)
    },

    /**
     * An existing post moved to another time (edit, queue swap): editing always works, also after the trial; with a
     * monthly limit, a post moved into another month must find room there (the post itself is not counted twice).
     */
    async checkMovedPost(
      tx: Executor,
      userId: string,
      postId: string,
      from: PostToCount,
      input: PostToCount,
    ): Promise<void> {
      if (input.draft || monthOf(from.scheduledAt, from.timeZone) === monthOf(input.scheduledAt, input.timeZone)) return
      const { ent } = await lockedEntitlement(tx, userId)
      const limit = ent.scheduledPostsPerMonth
      if (ent.state !== 'active' || limit === null) return
      const used = await countInMonth(tx, userId, monthOf(input.scheduledAt, input.timeZone), postId)
      if (used + 1 > limit) throw postsLimitError(ent, limit)
    },

    /** Inside the connecting transaction, before an account gets its first creator: refused past the plan's number. */
    async checkNewAccount(tx: Executor, userId: string): Promise<void> {
      const { ent } = await lockedEntitlement(tx, userId)
      if (ent.state === 'ended') throw new AppError('TRIAL_ENDED', PLAN_MESSAGES.trialEndedAccounts)
      const used = await q.connectedAccounts(tx, userId)
      if (used + 1 > ent.maxAccounts) {
        throw new AppError(
          'PLAN_LIMIT',
          ent.planName
            ? PLAN_MESSAGES.accountsLimit(ent.planName, ent.maxAccounts)
            : PLAN_MESSAGES.trialAccountsLimit(ent.maxAccounts),
        )
      }
    },

    storageRefusal,

    /** `storageRefusal`, thrown: the port every path that stores a person's file calls first. */
    async checkStorage(userId: string, addingBytes: number): Promise<void> {
      const refusal = await storageRefusal(userId, addingBytes)
      if (refusal) throw refusal
    },

    /** Whether anything new may be scheduled now (automation plans nothing once the trial ended without a plan). */
    async newPostsRefusal(userId: string): Promise<AppError | null> {
      const row = await q.ensure(repo.db, userId)
      if (!row) return null
      return entitlementAt(row, clock()).state === 'ended' ? trialEnded() : null
    },

    /** GET /api/billing: plan or trial, limits, and usage (accounts, posts this month in the person's zone). */
    overview(userId: string): Promise<BillingOverview> {
      return overviewFor(repo.db, userId)
    },

    /**
     * POST /api/billing/checkout: manual billing activates the plan at once; a provider answers where to send the
     * browser (the plan becomes active when its webhook says it was paid).
     */
    async checkout(userId: string, email: string, plan: PlanId): Promise<CheckoutResponse> {
      const row = await q.ensure(repo.db, userId)
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.notFound)
      let result
      try {
        result = await billing.startCheckout({
          userId,
          email,
          plan,
          successUrl: `${publicUrl}/dashboard/profile?checkout=done#plan`,
          cancelUrl: `${publicUrl}${PLAN_SECTION_PATH}`,
          customerId: row.customerId,
        })
      } catch (err) {
        log.error('[billing] starting a checkout failed', err)
        throw new AppError('SERVICE_UNAVAILABLE', PLAN_MESSAGES.checkoutFailed)
      }
      if (result.kind === 'redirect') return result
      await repo.transaction(async (tx) => {
        await q.lock(tx, userId)
        await q.activate(
          tx,
          userId,
          {
            plan,
            provider: billing.kind,
            customerId: row.customerId,
            subscriptionId: row.subscriptionId,
            currentPeriodEnd: null,
          },
          clock(),
        )
      })
      log.info(`[billing] ${userId} chose ${planById(plan).name} (${billing.kind})`)
      return { kind: 'activated', billing: await overviewFor(repo.db, userId) }
    },

    /**
     * POST /api/billing/webhook: verifies the provider's signature over the raw body, then applies the event once
     * (its id is recorded in the same transaction). A bad signature changes nothing.
     */
    async webhook(rawBody: string, signature: string | undefined): Promise<{ received: true }> {
      let event: BillingEvent
      try {
        event = await billing.parseWebhook(rawBody, signature)
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw new AppError('BAD_REQUEST', 'Webhook signature invalid.')
        throw err
      }
      const outcome = await apply(event)
      log.info(`[billing] webhook ${event.kind} ${event.eventId}: ${outcome}`)
      return { received: true }
    },

    /** Applies a verified event (the webhook's second half; tests use it directly). */
    apply,
  }
}

export type PlansService = ReturnType<typeof createPlansService>
