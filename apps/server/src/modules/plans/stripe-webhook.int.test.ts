import { readFileSync } from 'node:fs'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { billingOverviewSchema } from '@hookpost/shared'
import { inject, signUp } from '../../testing/http-test-kit'
import { startTestServer, type TestServer } from '../../testing/test-runtime'

/**
 * BILLING=stripe through the real route (ADR 036): Stripe's recorded webhook payloads, signed as Stripe signs them, posted
 * to /api/billing/webhook of a server wired with the Stripe adapter. The adapter's own mapping is unit-tested beside it
 * (integrations/billing/stripe-billing.test.ts); here: raw body kept for the signature, the event applied to the right
 * person once, a bad signature refused with nothing changed.
 */
const WEBHOOK_SECRET = 'whsec_int_3f9a0c1b2d4e5f60718293a4b5c6d7e8'
const RECORDED_USER = 'Yq3LhB0uXq6b2Z8Vn1TtS4pR'
const PRICES = {
  STRIPE_PRICE_BASIC: 'price_1SXlyxLkdIwHu7ixBasicMonthly',
  STRIPE_PRICE_PRO: 'price_1SXlz0LkdIwHu7ixProMonthly',
  STRIPE_PRICE_BUSINESS: 'price_1SXlz3LkdIwHu7ixBusinessMonthly',
}

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({
    BILLING: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_51RcKofLkdIwHu7ixHookpostIntTestKey0000',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    ...PRICES,
  })
}, 120_000)
afterAll(async () => {
  await server?.close()
})

/** A recorded event, re-addressed to `userId` and given a fresh id, as the exact bytes Stripe would send. */
function recorded(name: string, userId: string, eventId: string): string {
  const raw = readFileSync(
    new URL(`../../integrations/billing/testing/stripe-events/${name}.json`, import.meta.url),
    'utf8',
  )
  return raw.replaceAll(RECORDED_USER, userId).replace(/"id": "evt_[A-Za-z0-9]+"/, `"id": "${eventId}"`)
}

function deliver(
  body: string,
  signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
) {
  return server.runtime.http!.inject({
    method: 'POST',
    url: '/api/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload: body,
  })
}

async function overview(cookie: string) {
  const res = await inject(server, 'GET', '/api/billing', cookie)
  expect(res.statusCode, res.body).toBe(200)
  return billingOverviewSchema.parse(res.json())
}

describe('Stripe webhooks through /api/billing/webhook', () => {
  it('activates the plan a completed checkout paid for, once, and ends it when the subscription is deleted', async () => {
    const { cookie, userId } = await signUp(server)
    const other = await signUp(server)
    expect(await overview(cookie)).toMatchObject({ state: 'trial', plan: null })

    const completed = recorded('checkout.session.completed', userId, `evt_done_${userId}`)
    expect(completed).toContain(userId)
    const first = await deliver(completed)
    expect(first.statusCode, first.body).toBe(200)
    expect(await overview(cookie)).toMatchObject({ state: 'active', plan: 'pro' })
    // Stripe re-sends what it is unsure of: the same event changes nothing and is still acknowledged.
    const again = await deliver(completed)
    expect(again.statusCode, again.body).toBe(200)
    expect(await overview(cookie)).toMatchObject({ state: 'active', plan: 'pro' })
    // Someone else is untouched.
    expect(await overview(other.cookie)).toMatchObject({ state: 'trial', plan: null })

    const deleted = recorded('customer.subscription.deleted', userId, `evt_gone_${userId}`)
    const end = await deliver(deleted)
    expect(end.statusCode, end.body).toBe(200)
    expect(await overview(cookie)).toMatchObject({ plan: null })
  })

  it('refuses a tampered body, a wrong secret and a missing signature with 400, changing nothing', async () => {
    const { cookie, userId } = await signUp(server)
    const body = recorded('checkout.session.completed', userId, `evt_bad_${userId}`)
    const signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET })
    const tampered = await deliver(body.replace('"pro"', '"business"'), signature)
    expect(tampered.statusCode, tampered.body).toBe(400)
    const wrongSecret = await deliver(
      body,
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_someone_else' }),
    )
    expect(wrongSecret.statusCode, wrongSecret.body).toBe(400)
    const unsigned = await server.runtime.http!.inject({
      method: 'POST',
      url: '/api/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: body,
    })
    expect(unsigned.statusCode, unsigned.body).toBe(400)
    expect(await overview(cookie)).toMatchObject({ state: 'trial', plan: null })
    // The same event, signed properly, still applies: the refusals recorded nothing.
    const good = await deliver(body)
    expect(good.statusCode, good.body).toBe(200)
    expect(await overview(cookie)).toMatchObject({ state: 'active', plan: 'pro' })
  })

  it('acknowledges an event that changes nothing here (an invoice) without touching anyone', async () => {
    const { cookie, userId } = await signUp(server)
    const res = await deliver(recorded('invoice.paid', userId, `evt_invoice_${userId}`))
    expect(res.statusCode, res.body).toBe(200)
    expect(await overview(cookie)).toMatchObject({ state: 'trial', plan: null })
  })
})
