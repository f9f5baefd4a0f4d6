import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  apiErrorSchema,
  billingOverviewSchema,
  checkoutBodySchema,
  checkoutResultSchema,
  chosenPlanBodySchema,
  MESSAGES,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import { userId } from '../../lib/request-user'
import type { PlansService } from './plans.service'

/** Registered inside the authenticated scope: the person's plan, usage and choosing a plan. */
export const billingRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['billing'],
        summary: 'Your plan or trial, its limits and what you use of them',
        response: { 200: billingOverviewSchema, 401: apiErrorSchema },
      },
    },
    async (request) => plans.overview(userId(request)),
  )

  app.post(
    '/checkout',
    {
      schema: {
        tags: ['billing'],
        summary: "Choose a plan: active at once (manual billing) or the provider's checkout to go to",
        body: checkoutBodySchema,
        response: { 200: checkoutResultSchema, 400: apiErrorSchema, 401: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const email = request.user?.email
      if (!email) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated)
      return plans.checkout(userId(request), email, request.body.plan)
    },
  )

  app.put(
    '/chosen-plan',
    {
      schema: {
        tags: ['billing'],
        summary: 'Record the plan picked on the pricing page (offered first; it buys nothing)',
        body: chosenPlanBodySchema,
        response: { 200: billingOverviewSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request) => plans.choosePlan(userId(request), request.body.plan),
  )
}

/** Stripe's events can be larger than the API's 64 KiB JSON limit. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024

/**
 * POST /api/billing/webhook, outside the session scope: it authenticates by the provider's signature over the raw
 * body, so the body is kept as received (no JSON parsing before the check) and the origin check and text guard
 * (`config.signedWebhook`) leave it alone.
 */
export const billingWebhookRoutes: FastifyPluginAsyncZod<{ plans: PlansService }> = async (app, { plans }) => {
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    done(null, body)
  })
  app.post(
    '/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      config: { signedWebhook: true },
      schema: {
        tags: ['billing'],
        summary: "The payment provider's events (signed; not for browsers)",
        response: { 200: z.object({ received: z.literal(true) }), 400: apiErrorSchema },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : ''
      const header = request.headers['stripe-signature']
      return plans.webhook(raw, Array.isArray(header) ? header[0] : header)
    },
  )
}
