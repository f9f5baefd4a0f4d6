import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  accountFormSchema,
  accountUpdateSchema,
  apiErrorSchema,
  connectAbandonBodySchema,
  connectAbandonResponseSchema,
  connectCallbackBodySchema,
  connectCallbackResponseSchema,
  connectStartBodySchema,
  connectStartResponseSchema,
  createSandboxCreatorBodySchema,
  creatorInfoSchema,
  MESSAGES,
  sandboxCreatorListSchema,
  sandboxCreatorSchema,
  tiktokAccountListSchema,
  tiktokAccountSchema,
} from '@hookpost/shared'
import { AppError } from '../../lib/errors'
import type { TiktokAccountsService } from './accounts.service'
import type { SandboxCreatorsService } from './sandbox-creators.service'

function signedIn(request: FastifyRequest): { userId: string; sessionId: string } {
  if (!request.user || !request.sessionId) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated)
  return { userId: request.user.id, sessionId: request.sessionId }
}

const idParams = z.object({ id: z.uuid({ message: MESSAGES.accountNotFound }) })
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema }

/** Registered inside the authenticated scope under /api/tiktok: every query is scoped by the signed-in user. */
export const tiktokAccountRoutes: FastifyPluginAsyncZod<{ accounts: TiktokAccountsService }> = async (
  app,
  { accounts },
) => {
  app.get(
    '/accounts',
    {
      schema: {
        tags: ['tiktok'],
        summary: "The signed-in user's TikTok accounts, newest first",
        response: { 200: tiktokAccountListSchema, 401: apiErrorSchema },
      },
    },
    async (request) => ({ accounts: await accounts.list(signedIn(request).userId) }),
  )

  app.post(
    '/accounts',
    {
      schema: {
        tags: ['tiktok'],
        summary: 'Add an account by hand (it can post once connected)',
        body: accountFormSchema,
        response: { 201: z.object({ account: tiktokAccountSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const account = await accounts.create(signedIn(request).userId, request.body)
      return reply.code(201).send({ account })
    },
  )

  app.patch(
    '/accounts/:id',
    {
      schema: {
        tags: ['tiktok'],
        summary: "Edit an account's name, username, description or time zone",
        params: idParams,
        body: accountUpdateSchema,
        response: { 200: z.object({ account: tiktokAccountSchema }), ...errors },
      },
    },
    async (request) => ({
      account: await accounts.update(signedIn(request).userId, request.params.id, request.body),
    }),
  )

  app.delete(
    '/accounts/:id',
    {
      schema: {
        tags: ['tiktok'],
        summary: 'Delete an account and all of its scheduled videos',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.remove(signedIn(request).userId, request.params.id)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/accounts/:id/creator-info',
    {
      schema: {
        tags: ['tiktok'],
        summary: 'Fresh creator info for the composer: nickname, privacy options, disabled interactions, max duration',
        params: idParams,
        response: { 200: creatorInfoSchema, ...errors, 409: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => accounts.creatorInfo(signedIn(request).userId, request.params.id),
  )

  app.post(
    '/connect',
    {
      schema: {
        tags: ['tiktok'],
        summary: "Start connecting a TikTok account: returns TikTok's authorize URL with a single-use state",
        body: connectStartBodySchema,
        response: { 200: connectStartResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = signedIn(request)
      const { accountId, returnTo } = request.body
      return accounts.startConnect({ userId, sessionId, accountId, returnTo })
    },
  )

  app.post(
    '/callback',
    {
      schema: {
        tags: ['tiktok'],
        summary: 'Finish connecting: the server checks the state and exchanges the code with TikTok',
        body: connectCallbackBodySchema,
        response: {
          200: connectCallbackResponseSchema,
          ...errors,
          409: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { userId, sessionId } = signedIn(request)
      return accounts.completeConnect({ userId, sessionId, code: request.body.code, state: request.body.state })
    },
  )

  app.post(
    '/connect/abandon',
    {
      schema: {
        tags: ['tiktok'],
        summary:
          'The connect flow ended without an account (denied on TikTok, or the callback failed): spends the state and says where the flow started',
        body: connectAbandonBodySchema,
        response: { 200: connectAbandonResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { userId, sessionId } = signedIn(request)
      return accounts.abandonConnect({ userId, sessionId, state: request.body.state })
    },
  )
}

/** Public (the 'Create Dummy TikTok Account' page is in the public layout); 404 unless the sandbox is in use. */
export const sandboxCreatorRoutes: FastifyPluginAsyncZod<{ creators: SandboxCreatorsService }> = async (
  app,
  { creators },
) => {
  app.get(
    '/sandbox/creators',
    {
      schema: {
        tags: ['tiktok'],
        summary: 'Sandbox creators (only while the TikTok sandbox is in use)',
        response: { 200: sandboxCreatorListSchema, 404: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async () => creators.list(),
  )

  app.post(
    '/sandbox/creators',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['tiktok'],
        summary: 'Create a sandbox creator (only while the TikTok sandbox is in use)',
        body: createSandboxCreatorBodySchema,
        response: {
          201: z.object({ creator: sandboxCreatorSchema }),
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send({ creator: await creators.create(request.body) }),
  )
}
