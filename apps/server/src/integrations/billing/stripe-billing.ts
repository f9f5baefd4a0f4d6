import Stripe from 'stripe'
import { PLANS, type PlanId } from '@hookpost/shared/plans'
import {
  WebhookSignatureError,
  type BillingEvent,
  type BillingProvider,
  type CheckoutInput,
  type CheckoutResult,
} from './port'

/**
 * The Stripe side of the billing port (issue 22), through the official `stripe` SDK: a hosted Checkout Session per plan
 * change, and verified webhooks read as BillingEvents. The secret key and webhook secret stay here, on the server.
 * Set-up for an operator: docs/billing-stripe.md.
 */

export interface StripeBillingOptions {
  /** `sk_live_…` / `sk_test_…` (or a restricted key that may write Checkout Sessions). */
  secretKey: string
  /** `whsec_…`: the signing secret of the webhook endpoint (or the one `stripe listen` prints). */
  webhookSecret: string
  /** Each plan's recurring Price id (`price_…`) in the Stripe account. */
  prices: Record<PlanId, string>
  /** For tests: where the Stripe API is (a local stand-in for api.stripe.com). */
  apiBase?: { host: string; port: number; protocol: 'http' | 'https' }
}

/** Why Stripe did not start a checkout, in terms the product can explain (and decide whether to retry). */
export type BillingFailureKind =
  /** The key is wrong or lacks access, or Stripe refused the request (e.g. a price id that does not exist). */
  | 'misconfigured'
  /** No answer, 5xx or rate-limited: worth trying again later. */
  | 'unavailable'

export class BillingProviderError extends Error {
  constructor(
    readonly kind: BillingFailureKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'BillingProviderError'
  }
}

/**
 * A verified event names a price that is none of the configured plans' prices. Thrown rather than guessing a plan: the
 * webhook answers 5xx, Stripe retries it for days, and the operator fixes STRIPE_PRICE_* meanwhile.
 */
export class UnknownStripePriceError extends Error {
  constructor(
    readonly priceId: string,
    readonly subscriptionId: string,
  ) {
    super(
      `Stripe subscription ${subscriptionId} is on price ${priceId}, which is none of the configured plan prices ` +
        '(STRIPE_PRICE_BASIC, STRIPE_PRICE_PRO, STRIPE_PRICE_BUSINESS)',
    )
    this.name = 'UnknownStripePriceError'
  }
}

/** Per attempt. The person is waiting on the plan button; Stripe usually answers in well under a second. */
const REQUEST_TIMEOUT_MS = 20_000

/**
 * Subscription statuses (https://docs.stripe.com/billing/subscriptions/overview#subscription-statuses).
 * `past_due` (Stripe is retrying the payment) and `incomplete` (first payment not made yet, 23 h to go) change nothing
 * here: the person keeps, or does not yet have, the plan until Stripe settles on one of these.
 */
const ACTIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing'])
/** `paused`: a trial ended without a payment method; Stripe bills nothing until it is resumed, so the plan stops too. */
const ENDED_STATUSES: ReadonlySet<string> = new Set(['canceled', 'unpaid', 'incomplete_expired', 'paused'])

const PLAN_IDS: ReadonlySet<string> = new Set(PLANS.map((p) => p.id))
const isPlanId = (value: unknown): value is PlanId => typeof value === 'string' && PLAN_IDS.has(value)

export function createStripeBilling(options: StripeBillingOptions): BillingProvider {
  if (!options.secretKey.trim()) throw new Error('Stripe billing needs a secret key (STRIPE_SECRET_KEY)')
  if (!options.webhookSecret.trim()) throw new Error('Stripe billing needs a webhook secret (STRIPE_WEBHOOK_SECRET)')
  const planByPrice = new Map<string, PlanId>()
  for (const plan of PLANS) {
    const price = options.prices[plan.id]
    if (!price?.trim()) throw new Error(`Stripe billing needs a price id for the ${plan.name} plan`)
    if (planByPrice.has(price)) {
      throw new Error(`Stripe price ${price} is configured for two plans (${planByPrice.get(price)} and ${plan.id})`)
    }
    planByPrice.set(price, plan.id)
  }

  const stripe = new Stripe(options.secretKey, {
    // No apiVersion: requests use the SDK's pinned one, which its types describe. Webhooks arrive in the endpoint's own
    // version, so the event mapping reads both shapes where they differ (periodEndOf).
    timeout: REQUEST_TIMEOUT_MS,
    // One retry of a dropped connection or 5xx; the SDK adds an idempotency key so a retried create is not doubled.
    maxNetworkRetries: 1,
    ...(options.apiBase
      ? { host: options.apiBase.host, port: options.apiBase.port, protocol: options.apiBase.protocol }
      : {}),
  })

  /**
   * The plan a subscription is on, from its price (a plan changed in Stripe's customer portal changes the price, not our
   * metadata); the metadata only when it has no price at all. `null`: a subscription Hookpost did not start, on a price
   * of something else sold from the same Stripe account.
   */
  function planOf(
    subscription: Stripe.Subscription,
  ): { plan: PlanId; item: Stripe.SubscriptionItem | undefined } | null {
    const items = subscription.items?.data ?? []
    for (const item of items) {
      const plan = planByPrice.get(item.price.id)
      if (plan) return { plan, item }
    }
    const first = items[0]
    if (first) {
      if (!startedByHookpost(subscription.metadata)) return null
      throw new UnknownStripePriceError(first.price.id, subscription.id)
    }
    const fromMetadata = subscription.metadata?.plan
    if (isPlanId(fromMetadata)) return { plan: fromMetadata, item: undefined }
    throw new Error(`Stripe subscription ${subscription.id} has no price and no plan in its metadata`)
  }

  /** Only these events say anything about a plan; every other type is acknowledged and ignored. */
  function toEvent(event: Stripe.Event): BillingEvent {
    // Stripe's `created`: when the event happened (seconds), which orders events that arrive out of order.
    const occurredAt = new Date(event.created * 1000)
    if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
      return fromCheckout({ eventId: event.id, occurredAt }, event.data.object) ?? ignoredEvent(event)
    }
    if (
      event.type === 'customer.subscription.created' ||
      event.type === 'customer.subscription.updated' ||
      event.type === 'customer.subscription.deleted'
    ) {
      return fromSubscription({ eventId: event.id, occurredAt }, event.type, event.data.object)
    }
    return ignoredEvent(event)
  }

  function fromCheckout(ref: EventRef, session: Stripe.Checkout.Session): BillingEvent | null {
    if (session.mode !== 'subscription') return null
    // A delayed payment method (bank debit): the session completes unpaid and `async_payment_succeeded` follows.
    if (session.payment_status === 'unpaid') return null
    // A checkout of something else sold from the same Stripe account (a payment link, another app).
    if (!session.client_reference_id && !startedByHookpost(session.metadata)) return null
    const plan = session.metadata?.plan
    if (!isPlanId(plan)) {
      throw new Error(`Stripe Checkout Session ${session.id} carries no known plan in its metadata (got ${plan})`)
    }
    const subscriptionId = idOf(session.subscription)
    const customerId = idOf(session.customer)
    if (!subscriptionId || !customerId) {
      throw new Error(`Stripe Checkout Session ${session.id} completed without a subscription or customer`)
    }
    return {
      kind: 'subscription_active',
      ...ref,
      userId: session.client_reference_id ?? session.metadata?.userId ?? null,
      plan,
      customerId,
      subscriptionId,
      // Not on the session; the customer.subscription.created event sent with it carries it.
      currentPeriodEnd: null,
    }
  }

  function fromSubscription(ref: EventRef, type: string, subscription: Stripe.Subscription): BillingEvent {
    const userId = subscription.metadata?.userId ?? null
    if (type === 'customer.subscription.deleted' || ENDED_STATUSES.has(subscription.status)) {
      return { kind: 'subscription_ended', ...ref, userId, subscriptionId: subscription.id }
    }
    if (!ACTIVE_STATUSES.has(subscription.status)) return { kind: 'ignored', eventId: ref.eventId, type }
    const found = planOf(subscription)
    if (!found) return { kind: 'ignored', eventId: ref.eventId, type }
    const { plan, item } = found
    const customerId = idOf(subscription.customer)
    if (!customerId) throw new Error(`Stripe subscription ${subscription.id} has no customer`)
    return {
      kind: 'subscription_active',
      ...ref,
      userId,
      plan,
      customerId,
      subscriptionId: subscription.id,
      currentPeriodEnd: periodEndOf(subscription, item),
    }
  }

  return {
    kind: 'stripe',

    async startCheckout(input: CheckoutInput): Promise<CheckoutResult> {
      const metadata = { userId: input.userId, plan: input.plan }
      let session: Stripe.Checkout.Session
      try {
        session = await stripe.checkout.sessions.create({
          mode: 'subscription',
          line_items: [{ price: options.prices[input.plan], quantity: 1 }],
          client_reference_id: input.userId,
          metadata,
          // Copied onto the subscription, so its own events (renewals, cancellation) name the person and plan too.
          subscription_data: { metadata },
          ...(input.customerId ? { customer: input.customerId } : { customer_email: input.email }),
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        })
      } catch (err) {
        throw classifyStripeError(err)
      }
      if (!session.url) {
        throw new BillingProviderError('misconfigured', `Stripe created Checkout Session ${session.id} without a URL`)
      }
      return { kind: 'redirect', url: session.url }
    },

    async parseWebhook(rawBody: string, signature: string | undefined): Promise<BillingEvent> {
      let event: Stripe.Event
      try {
        // Checks the HMAC over `timestamp.body` and that the timestamp is within 5 minutes (replays are refused).
        event = await stripe.webhooks.constructEventAsync(rawBody, signature ?? '', options.webhookSecret)
      } catch (err) {
        if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(`Stripe webhook signature could not be verified: ${firstLine(err.message)}`)
        }
        throw err
      }
      return toEvent(event)
    },
  }
}

interface EventRef {
  eventId: string
  occurredAt: Date
}

/** Our checkouts put the person's id in the session's and the subscription's metadata (startCheckout). */
function startedByHookpost(metadata: Stripe.Metadata | null | undefined): boolean {
  return Boolean(metadata?.userId)
}

function ignoredEvent(event: Stripe.Event): BillingEvent {
  return { kind: 'ignored', eventId: event.id, type: event.type }
}

/** Stripe fields that hold an id, or the object itself when the request expanded it. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null
  return typeof value === 'string' ? value : value.id
}

/**
 * Stripe's API version 2025-03-31 moved `current_period_end` from the subscription to each subscription item; a webhook
 * endpoint keeps the version it was created with, so both shapes arrive.
 */
function periodEndOf(subscription: Stripe.Subscription, item: Stripe.SubscriptionItem | undefined): Date | null {
  const legacy = (subscription as Stripe.Subscription & { current_period_end?: unknown }).current_period_end
  const seconds = (item as { current_period_end?: unknown } | undefined)?.current_period_end ?? legacy
  return typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(seconds * 1000) : null
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0]?.trim() ?? message
}

/** The SDK's errors, sorted into what they mean for us. The message is for the log: Stripe's own words included. */
function classifyStripeError(err: unknown): BillingProviderError {
  if (!(err instanceof Stripe.errors.StripeError)) {
    return new BillingProviderError('unavailable', 'Stripe could not be reached', { cause: err })
  }
  const detail = [err.statusCode, err.rawType, err.code].filter(Boolean).join(' ')
  const message = `Stripe refused the checkout (${detail}): ${err.message}`
  if (
    err instanceof Stripe.errors.StripeConnectionError ||
    err instanceof Stripe.errors.StripeAPIError ||
    err instanceof Stripe.errors.StripeRateLimitError ||
    (err.statusCode !== undefined && err.statusCode >= 500)
  ) {
    return new BillingProviderError('unavailable', `Stripe is unavailable (${detail}): ${err.message}`, { cause: err })
  }
  return new BillingProviderError('misconfigured', message, { cause: err })
}
