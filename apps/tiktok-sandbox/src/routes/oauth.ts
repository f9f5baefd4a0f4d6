import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify'
import {
  createGrant,
  issueAccessToken,
  issueRefreshToken,
  liveToken,
  revokeGrant,
  tokenResponse,
} from '../domain/tokens'
import { sendOAuthError } from '../http/envelope'
import { MESSAGES, OAuthError } from '../http/errors'
import { injectFaults } from '../http/faults-hook'
import { formOf, type FormBody } from '../http/form'
import type { Sandbox } from '../sandbox'

/** tiktok-api.md §1.2 PKCE: 43–128 characters of [A-Z a-z 0-9 - . _ ~]. */
const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/

/** `code_challenge` as TikTok computes it: lower-case hex of SHA-256 (not RFC 7636 base64url), tiktok-api.md §1.2. */
export function tiktokCodeChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('hex')
}

/** Token and revoke endpoints (tiktok-api.md §1.4–§1.7): form-encoded in, flat JSON out, errors with HTTP 400. */
export async function oauthRoutes(scope: FastifyInstance, { sandbox }: { sandbox: Sandbox }): Promise<void> {
  scope.addHook('onRequest', async (request) => {
    const fault = await injectFaults(sandbox, request, false)
    if (fault === 'server_error') throw new OAuthError('server_error', MESSAGES.internal, 500)
  })

  scope.setErrorHandler((error: FastifyError | OAuthError, request, reply) => {
    if (error instanceof OAuthError) return sendOAuthError(reply, sandbox, error.statusCode, error.error, error.message)
    if ((error.statusCode ?? 500) < 500) {
      return sendOAuthError(reply, sandbox, 400, 'invalid_request', 'The request parameters are malformed.')
    }
    request.log.error(error)
    return sendOAuthError(reply, sandbox, 500, 'server_error', MESSAGES.internal)
  })

  scope.post('/v2/oauth/token/', async (request, reply) => {
    const form = formOf(request.body)
    const clientKey = authenticateClient(sandbox, form)
    const grantType = required(form, 'grant_type')
    if (grantType === 'authorization_code') return exchangeCode(sandbox, reply, form, clientKey)
    if (grantType === 'refresh_token') return refresh(sandbox, reply, form, clientKey)
    throw new OAuthError('unsupported_grant_type', `The grant_type ${grantType} is not supported.`)
  })

  scope.post('/v2/oauth/revoke/', async (request, reply) => {
    const form = formOf(request.body)
    const clientKey = authenticateClient(sandbox, form)
    const token = required(form, 'token')
    // Access token per S4c; a refresh token is accepted too. An unknown token is not an error (RFC 7009 §2.2).
    const live = liveToken(sandbox, token, 'access') ?? liveToken(sandbox, token, 'refresh')
    if (live && live.grant.clientKey === clientKey) {
      revokeGrant(sandbox, live.grant)
      await sandbox.save()
    }
    return sendJson(reply, {})
  })
}

function required(form: FormBody, name: string): string {
  const value = form.get(name)
  if (!value) throw new OAuthError('invalid_request', `The request is missing a required parameter: ${name}.`)
  return value
}

function authenticateClient(sandbox: Sandbox, form: FormBody): string {
  const clientKey = required(form, 'client_key')
  const secret = required(form, 'client_secret')
  const client = sandbox.client(clientKey)
  if (!client || !sameText(client.clientSecret, secret)) {
    throw new OAuthError('invalid_client', 'The client_key or client_secret is invalid.')
  }
  return clientKey
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function sendJson(reply: FastifyReply, body: unknown): FastifyReply {
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .header('pragma', 'no-cache')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body))
}

async function exchangeCode(sandbox: Sandbox, reply: FastifyReply, form: FormBody, clientKey: string) {
  const code = required(form, 'code')
  const redirectUri = required(form, 'redirect_uri')
  const record = sandbox.state.codes[code]
  const now = sandbox.now()
  if (!record || record.clientKey !== clientKey || record.expiresAt <= now) {
    throw new OAuthError('invalid_grant', 'Authorization code is expired or invalid.')
  }
  if (record.usedAt !== null) {
    // A second use of a code revokes what it issued (RFC 6749 §4.1.2).
    const issued = record.grantId ? sandbox.state.grants[record.grantId] : undefined
    if (issued) revokeGrant(sandbox, issued)
    await sandbox.save()
    throw new OAuthError('invalid_grant', 'Authorization code has been used.')
  }
  if (record.redirectUri !== redirectUri) {
    throw new OAuthError('invalid_grant', 'Redirect_uri is not matched with the uri when requesting code.')
  }
  if (record.codeChallenge !== null) {
    const verifier = form.get('code_verifier')
    if (!verifier)
      throw new OAuthError('invalid_request', 'The request is missing a required parameter: code_verifier.')
    if (!CODE_VERIFIER.test(verifier) || tiktokCodeChallenge(verifier) !== record.codeChallenge) {
      throw new OAuthError('invalid_grant', 'Code verifier is invalid.')
    }
  }
  if (!sandbox.creator(record.openId)) throw new OAuthError('invalid_grant', 'The user of this code no longer exists.')

  const grant = createGrant(sandbox, clientKey, record.openId, record.scopes)
  record.usedAt = now
  record.grantId = grant.id
  const access = issueAccessToken(sandbox, grant)
  const refreshToken = issueRefreshToken(sandbox, grant)
  await sandbox.save()
  return sendJson(reply, tokenResponse(sandbox, grant, access, refreshToken))
}

async function refresh(sandbox: Sandbox, reply: FastifyReply, form: FormBody, clientKey: string) {
  const token = required(form, 'refresh_token')
  const live = liveToken(sandbox, token, 'refresh')
  if (!live || live.grant.clientKey !== clientKey) {
    throw new OAuthError('invalid_grant', 'Refresh token is invalid or expired.')
  }
  let refreshRecord = live.record
  if (sandbox.config.rotateRefreshTokens) {
    // '2026' profile (S4b): "The previous refresh token stops working once a new one is issued."
    delete sandbox.state.tokens[live.record.token]
    refreshRecord = issueRefreshToken(sandbox, live.grant)
  }
  const access = issueAccessToken(sandbox, live.grant)
  await sandbox.save()
  return sendJson(reply, tokenResponse(sandbox, live.grant, access, refreshRecord))
}
