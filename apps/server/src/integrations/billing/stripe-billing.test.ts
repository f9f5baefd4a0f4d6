import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebhookSignatureError, type CheckoutInput } from './port'
import { BillingProviderError, UnknownStripePriceError, createStripeBilling } from './stripe-billing'

const WEBHOOK_SECRET = 'whsec_test_5c0b0e1d7a2f4e8b9c3d6a1f0e2b4c7d'
const SECRET_KEY = 'sk_test_51RcKofLkdIwHu7ixHookpostUnitTestKey000'
const PRICES = {
  basic: 'price_1SXlyxLkdIwHu7ixBasicMonthly',
  pro: 'price_1SXlz0LkdIwHu7ixProMonthly',
  business: 'price_1SXlz3LkdIwHu7ixBusinessMonthly',
} as const
const USER_ID = 'Yq3LhB0uXq6b2Z8Vn1TtS4pR'

/** Recorded payloads, as the exact bytes Stripe would send (signatures cover the bytes). */
const eventBody = (name: string) =>
  readFileSync(new URL(`./testing/stripe-events/${name}.json`, import.meta.url), 'utf8')
const apiBody = (name: string) => readFileSync(new URL(`./testing/stripe-api/${name}.json`, import.meta.url), 'utf8')

const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...options })

function billing(apiBase?: { host: string; port: number; protocol: 'http' }) {
  return createStripeBilling({
    secretKey: SECRET_KEY,
    webhookSecret: WEBHOOK_SECRET,
    prices: PRICES,
    ...(apiBase ? { apiBase } : {}),
  })
}

describe('parseWebhook', () => {
  const provider = billing()
  const parse = (body: string) => provider.parseWebhook(body, sign(body))

  it('reads a completed subscription checkout as the plan active for the person who started it', async () => {
    expect(await parse(eventBody('checkout.session.completed'))).toEqual({
      kind: 'subscription_active',
      eventId: 'evt_1SXm4rLkdIwHu7ix0Qp7cV2a',
      // The event's `created`: orders events that arrive out of order.
      occurredAt: new Date(1795000123 * 1000),
      userId: USER_ID,
      plan: 'pro',
      customerId: 'cus_TQm4nX8pZr2kLd',
      subscriptionId: 'sub_1SXm4oLkdIwHu7ixKf2pQ8Zr',
      currentPeriodEnd: null,
    })
  })

  it('reads an active subscription: plan from its price, period end from its item', async () => {
    expect(await parse(eventBody('customer.subscription.updated-active'))).toEqual({
      kind: 'subscription_active',
      eventId: 'evt_1SXm51LkdIwHu7ixPz4eW9qN',
      // The event's `created`: orders events that arrive out of order.
      occurredAt: new Date(1795000190 * 1000),
      userId: USER_ID,
      plan: 'pro',
      customerId: 'cus_TQm4nX8pZr2kLd',
      subscriptionId: 'sub_1SXm4oLkdIwHu7ixKf2pQ8Zr',
      currentPeriodEnd: new Date(1797678440 * 1000),
    })
  })

  it('reads an older API version, with the period end on the subscription (and trialing counts as active)', async () => {
    const event = await parse(eventBody('customer.subscription.created-2024-06-20'))
    expect(event).toMatchObject({ kind: 'subscription_active', plan: 'pro', eventId: 'evt_1PkR7sLkdIwHu7ixH6nYc1Ld' })
    expect(event.kind === 'subscription_active' && event.currentPeriodEnd).toEqual(new Date(1796209640 * 1000))
  })

  it('takes the plan from the price, not from metadata left over from the first checkout', async () => {
    const body = eventBody('customer.subscription.updated-active').replaceAll(PRICES.pro, PRICES.business)
    expect(await parse(body)).toMatchObject({ kind: 'subscription_active', plan: 'business' })
  })

  it('reads a canceled subscription, and a deleted one, as ended', async () => {
    expect(await parse(eventBody('customer.subscription.updated-canceled'))).toEqual({
      kind: 'subscription_ended',
      eventId: 'evt_1SaQ2eLkdIwHu7ixVb8mK3sD',
      // The event's `created`: orders events that arrive out of order.
      occurredAt: new Date(1797678452 * 1000),
      userId: USER_ID,
      subscriptionId: 'sub_1SXm4oLkdIwHu7ixKf2pQ8Zr',
    })
    expect(await parse(eventBody('customer.subscription.deleted'))).toEqual({
      kind: 'subscription_ended',
      eventId: 'evt_1SaQ2eLkdIwHu7ixX4cT0pWq',
      // The event's `created`: orders events that arrive out of order.
      occurredAt: new Date(1797678452 * 1000),
      userId: USER_ID,
      subscriptionId: 'sub_1SXm4oLkdIwHu7ixKf2pQ8Zr',
    })
  })

  it('reads a paused subscription (trial over, no payment method) as ended', async () => {
    const paused = eventBody('customer.subscription.updated-active').replace('"status": "active"', '"status": "paused"')
    expect(await parse(paused)).toMatchObject({
      kind: 'subscription_ended',
      subscriptionId: 'sub_1SXm4oLkdIwHu7ixKf2pQ8Zr',
    })
  })

  it('ignores a past-due subscription (Stripe is still retrying) and events that change no plan', async () => {
    const pastDue = eventBody('customer.subscription.updated-active').replace(
      '"status": "active"',
      '"status": "past_due"',
    )
    expect(await parse(pastDue)).toEqual({
      kind: 'ignored',
      eventId: 'evt_1SXm51LkdIwHu7ixPz4eW9qN',
      type: 'customer.subscription.updated',
    })
    expect(await parse(eventBody('invoice.paid'))).toEqual({
      kind: 'ignored',
      eventId: 'evt_1SXm52LkdIwHu7ixG2rD6nTy',
      type: 'invoice.paid',
    })
  })

  it('ignores a checkout that completed unpaid (a bank debit still clearing)', async () => {
    const body = eventBody('checkout.session.completed').replace(
      '"payment_status": "paid"',
      '"payment_status": "unpaid"',
    )
    expect(await parse(body)).toMatchObject({ kind: 'ignored', type: 'checkout.session.completed' })
  })

  it('refuses a price that is none of the plans on a subscription it started, rather than guessing a plan', async () => {
    const body = eventBody('customer.subscription.updated-active').replaceAll(
      PRICES.pro,
      'price_1SZZZZLkdIwHu7ixSomethingElse',
    )
    const failure = parse(body)
    await expect(failure).rejects.toBeInstanceOf(UnknownStripePriceError)
    await expect(failure).rejects.toThrow(
      /sub_1SXm4oLkdIwHu7ixKf2pQ8Zr is on price price_1SZZZZLkdIwHu7ixSomethingElse, which is none of the configured/,
    )
  })

  it('ignores checkouts and subscriptions Hookpost did not start (other things sold from the same account)', async () => {
    const foreignCheckout = eventBody('checkout.session.completed')
      .replace('"client_reference_id": "Yq3LhB0uXq6b2Z8Vn1TtS4pR"', '"client_reference_id": null')
      .replace('"metadata": { "plan": "pro", "userId": "Yq3LhB0uXq6b2Z8Vn1TtS4pR" }', '"metadata": {}')
    expect(await parse(foreignCheckout)).toMatchObject({ kind: 'ignored', type: 'checkout.session.completed' })

    const foreignSubscription = eventBody('customer.subscription.updated-active')
      .replaceAll(PRICES.pro, 'price_1SZZZZLkdIwHu7ixSomethingElse')
      .replace('"metadata": { "plan": "pro", "userId": "Yq3LhB0uXq6b2Z8Vn1TtS4pR" }', '"metadata": {}')
    expect(await parse(foreignSubscription)).toMatchObject({ kind: 'ignored', type: 'customer.subscription.updated' })
  })

  describe('refuses what Stripe did not sign', () => {
    const body = eventBody('checkout.session.completed')

    it('a tampered body', async () => {
      const header = sign(body)
      const tampered = body.replace('"plan": "pro"', '"plan": "business"')
      expect(tampered).not.toBe(body)
      await expect(provider.parseWebhook(tampered, header)).rejects.toBeInstanceOf(WebhookSignatureError)
    })

    it('a body signed with another secret', async () => {
      const header = sign(body, { secret: 'whsec_someone_elses_endpoint_0000000000' })
      await expect(provider.parseWebhook(body, header)).rejects.toBeInstanceOf(WebhookSignatureError)
    })

    it('a signature older than the tolerance (a replay)', async () => {
      const header = sign(body, { timestamp: Math.floor(Date.now() / 1000) - 10 * 60 })
      await expect(provider.parseWebhook(body, header)).rejects.toThrow(
        new WebhookSignatureError(
          'Stripe webhook signature could not be verified: Timestamp outside the tolerance zone',
        ),
      )
    })

    it('a missing or malformed signature header', async () => {
      await expect(provider.parseWebhook(body, undefined)).rejects.toBeInstanceOf(WebhookSignatureError)
      await expect(provider.parseWebhook(body, 'nonsense')).rejects.toBeInstanceOf(WebhookSignatureError)
    })
  })
})

describe('startCheckout', () => {
  interface Captured {
    method: string | undefined
    url: string | undefined
    headers: IncomingHttpHeaders
    form: Record<string, string>
  }
  /** Stands in for api.stripe.com: records each request and answers with the next queued answer. */
  let server: Server
  const requests: Captured[] = []
  const answers: { status: number; body: string }[] = []
  let apiBase: { host: string; port: number; protocol: 'http' }

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = []
      req.on('data', (chunk: Buffer) => chunks.push(chunk))
      req.on('end', () => {
        requests.push({
          method: req.method,
          url: req.url,
          headers: req.headers,
          form: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))),
        })
        const answer = answers.shift() ?? {
          status: 500,
          body: '{"error":{"type":"api_error","message":"no answer queued"}}',
        }
        res.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': 'req_T0m5bQ2xVn8KcL' })
        res.end(answer.body)
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    apiBase = { host: '127.0.0.1', port: (server.address() as AddressInfo).port, protocol: 'http' }
  })

  afterAll(async () => {
    await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())))
  })

  const input = (overrides: Partial<CheckoutInput> = {}): CheckoutInput => ({
    userId: USER_ID,
    email: 'ana@example.com',
    plan: 'pro',
    successUrl: 'https://hookpost.example/settings/billing?checkout=done',
    cancelUrl: 'https://hookpost.example/settings/billing?checkout=cancelled',
    customerId: null,
    ...overrides,
  })

  it('creates a subscription Checkout Session for the plan and sends the browser to it', async () => {
    requests.length = 0
    answers.push({ status: 200, body: apiBody('checkout.session.created') })
    const result = await billing(apiBase).startCheckout(input())

    expect(result).toEqual({
      kind: 'redirect',
      url: 'https://checkout.stripe.com/c/pay/cs_test_a1Gq8ZkR2vXbN5wq0YtLpE3sHjK9mDcF7uA4oB6iV8nW2xT1yU#fidkdWxOYHwnPyd1blpxYHZxWjA0VTJ%2FQ2p8',
    })
    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/v1/checkout/sessions')
    expect(request?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`)
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded')
    expect(request?.form).toEqual({
      mode: 'subscription',
      'line_items[0][price]': PRICES.pro,
      'line_items[0][quantity]': '1',
      client_reference_id: USER_ID,
      'metadata[userId]': USER_ID,
      'metadata[plan]': 'pro',
      'subscription_data[metadata][userId]': USER_ID,
      'subscription_data[metadata][plan]': 'pro',
      customer_email: 'ana@example.com',
      success_url: 'https://hookpost.example/settings/billing?checkout=done',
      cancel_url: 'https://hookpost.example/settings/billing?checkout=cancelled',
    })
  })

  it('reuses the Stripe customer from an earlier checkout instead of the email', async () => {
    requests.length = 0
    answers.push({ status: 200, body: apiBody('checkout.session.created') })
    await billing(apiBase).startCheckout(input({ plan: 'business', customerId: 'cus_TQm4nX8pZr2kLd' }))

    const form = requests[0]?.form
    expect(form).toMatchObject({ customer: 'cus_TQm4nX8pZr2kLd', 'line_items[0][price]': PRICES.business })
    expect(form).not.toHaveProperty('customer_email')
  })

  it('rejects with Stripe’s reason, and no redirect, when Stripe refuses the session', async () => {
    requests.length = 0
    answers.push({ status: 400, body: apiBody('error.no-such-price') })
    const failure = billing(apiBase).startCheckout(input())

    await expect(failure).rejects.toBeInstanceOf(BillingProviderError)
    await expect(failure).rejects.toMatchObject({
      kind: 'misconfigured',
      message:
        "Stripe refused the checkout (400 invalid_request_error resource_missing): No such price: 'price_1SXlz0LkdIwHu7ixProMonthly'",
    })
    // A 400 is not retried.
    expect(requests).toHaveLength(1)
  })
})

describe('startCheckout without Stripe', () => {
  it('rejects as unavailable when the API cannot be reached (after the one retry)', async () => {
    // A port that was free a moment ago: nothing listens there now.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))

    const failure = billing({ host: '127.0.0.1', port, protocol: 'http' }).startCheckout({
      userId: USER_ID,
      email: 'ana@example.com',
      plan: 'basic',
      successUrl: 'https://hookpost.example/done',
      cancelUrl: 'https://hookpost.example/cancelled',
      customerId: null,
    })
    await expect(failure).rejects.toBeInstanceOf(BillingProviderError)
    await expect(failure).rejects.toMatchObject({ kind: 'unavailable' })
  })
})

describe('createStripeBilling', () => {
  it('refuses a missing secret or price, and one price for two plans', () => {
    const options = { secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, prices: PRICES }
    expect(() => createStripeBilling({ ...options, webhookSecret: ' ' })).toThrow(/STRIPE_WEBHOOK_SECRET/)
    expect(() => createStripeBilling({ ...options, secretKey: '' })).toThrow(/STRIPE_SECRET_KEY/)
    expect(() => createStripeBilling({ ...options, prices: { ...PRICES, business: '' } })).toThrow(/Business plan/)
    expect(() => createStripeBilling({ ...options, prices: { ...PRICES, business: PRICES.pro } })).toThrow(
      /configured for two plans/,
    )
  })
})
