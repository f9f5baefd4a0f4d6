import type { PlanId } from '@hookpost/shared/plans'

/**
 * The billing port (issue 22): how a person pays for a plan. `manual` (the default, no payment provider: choosing a plan
 * makes it active at once, and the operator bills outside the app) or `stripe` (Checkout + webhooks). The plans module
 * owns the subscription row; a provider only starts a checkout and turns the provider's webhooks into BillingEvents.
 */
export type BillingProviderKind = 'manual' | 'stripe'

export interface CheckoutInput {
  userId: string
  email: string
  plan: PlanId
  /** Where the provider sends the browser back after paying / after giving up (absolute URLs). */
  successUrl: string
  cancelUrl: string
  /** The provider's customer id from an earlier checkout, when there is one. */
  customerId: string | null
}

/** `redirect`: send the browser to `url` (the provider's hosted checkout). `activated`: the plan is active now (manual). */
export type CheckoutResult = { kind: 'redirect'; url: string } | { kind: 'activated' }

/**
 * What a verified webhook means for a person's subscription. Every event carries the provider's id, for idempotency,
 * and when the provider made it: providers do not promise order, so an event older than the last one applied to a
 * subscription changes nothing (a late "active" must not revive a cancelled plan).
 */
export type BillingEvent =
  | {
      kind: 'subscription_active'
      eventId: string
      occurredAt: Date
      /** Ours, when the provider echoes it back (Checkout's client_reference_id / metadata); else find by subscriptionId. */
      userId: string | null
      plan: PlanId
      customerId: string
      subscriptionId: string
      /** End of the paid period, when known. */
      currentPeriodEnd: Date | null
    }
  | {
      kind: 'subscription_ended'
      eventId: string
      occurredAt: Date
      userId: string | null
      subscriptionId: string
    }
  /** A verified event that changes nothing here (acknowledged with 200 so the provider stops re-sending it). */
  | { kind: 'ignored'; eventId: string; type: string }

export class WebhookSignatureError extends Error {
  constructor(message = 'webhook signature could not be verified') {
    super(message)
    this.name = 'WebhookSignatureError'
  }
}

export interface BillingProvider {
  readonly kind: BillingProviderKind
  startCheckout(input: CheckoutInput): Promise<CheckoutResult>
  /**
   * Verifies and reads a webhook. `rawBody` is the request body exactly as received (signatures cover the bytes);
   * `signature` the provider's signature header. Throws WebhookSignatureError when it does not verify.
   * The manual provider has no webhooks and always throws.
   */
  parseWebhook(rawBody: string, signature: string | undefined): Promise<BillingEvent>
}
