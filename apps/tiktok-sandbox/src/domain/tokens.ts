import { ApiError, MESSAGES } from '../http/errors'
import type { Sandbox } from '../sandbox'
import type { Creator, Grant, Scope, TokenRecord } from '../state/schema'
import { accessToken, grantId, refreshToken } from './ids'
import { isInFlight } from './publish-status'

export interface TokenResponse {
  access_token: string
  expires_in: number
  open_id: string
  refresh_expires_in: number
  refresh_token: string
  scope: string
  token_type: 'Bearer'
}

export function createGrant(sandbox: Sandbox, clientKey: string, openId: string, scopes: Scope[]): Grant {
  const now = sandbox.now()
  const grant: Grant = {
    id: grantId(),
    clientKey,
    openId,
    scopes,
    createdAt: now,
    refreshExpiresAt: now + sandbox.config.refreshTokenTtlSec * 1000,
    revokedAt: null,
  }
  sandbox.state.grants[grant.id] = grant
  return grant
}

export function issueAccessToken(sandbox: Sandbox, grant: Grant): TokenRecord {
  const now = sandbox.now()
  const record: TokenRecord = {
    token: accessToken(),
    kind: 'access',
    grantId: grant.id,
    issuedAt: now,
    expiresAt: now + sandbox.config.accessTokenTtlSec * 1000,
  }
  sandbox.state.tokens[record.token] = record
  return record
}

export function issueRefreshToken(sandbox: Sandbox, grant: Grant): TokenRecord {
  const record: TokenRecord = {
    token: refreshToken(),
    kind: 'refresh',
    grantId: grant.id,
    issuedAt: sandbox.now(),
    expiresAt: grant.refreshExpiresAt,
  }
  sandbox.state.tokens[record.token] = record
  return record
}

/** `expires_in` / `refresh_expires_in` are the remaining lifetimes in seconds (S4d). */
export function tokenResponse(
  sandbox: Sandbox,
  grant: Grant,
  access: TokenRecord,
  refresh: TokenRecord,
): TokenResponse {
  const now = sandbox.now()
  return {
    access_token: access.token,
    expires_in: Math.max(0, Math.round((access.expiresAt - now) / 1000)),
    open_id: grant.openId,
    refresh_expires_in: Math.max(0, Math.round((refresh.expiresAt - now) / 1000)),
    refresh_token: refresh.token,
    scope: grant.scopes.join(','),
    token_type: 'Bearer',
  }
}

/** A live token of that kind (known, not expired, grant not revoked), or undefined. */
export function liveToken(sandbox: Sandbox, token: string | undefined, kind: 'access' | 'refresh') {
  if (!token) return undefined
  const record = sandbox.state.tokens[token]
  if (!record || record.kind !== kind || record.expiresAt <= sandbox.now()) return undefined
  const grant = sandbox.state.grants[record.grantId]
  if (!grant || grant.revokedAt !== null) return undefined
  return { record, grant }
}

export function revokeGrant(sandbox: Sandbox, grant: Grant): void {
  grant.revokedAt ??= sandbox.now()
  for (const [token, record] of Object.entries(sandbox.state.tokens)) {
    if (record.grantId === grant.id) delete sandbox.state.tokens[token]
  }
}

/** The creator removed the app's access: every grant ends and in-flight publishes fail with auth_removed (tiktok-api.md §3.7). */
export function removeAuthorization(sandbox: Sandbox, openId: string, clientKey?: string): number {
  let revoked = 0
  for (const grant of Object.values(sandbox.state.grants)) {
    if (grant.openId !== openId || grant.revokedAt !== null) continue
    if (clientKey && grant.clientKey !== clientKey) continue
    revokeGrant(sandbox, grant)
    revoked++
  }
  const now = sandbox.now()
  for (const publish of Object.values(sandbox.state.publishes)) {
    if (publish.openId !== openId || (clientKey && publish.clientKey !== clientKey)) continue
    if (!isInFlight(publish, now)) continue
    sandbox.pulls.get(publish.publishId)?.abort()
    publish.failedAt = now
    publish.failReason = 'auth_removed'
    if (publish.pullState === 'downloading') publish.pullState = 'failed'
  }
  return revoked
}

export interface Caller {
  token: TokenRecord
  grant: Grant
  creator: Creator
}

/** `Authorization: Bearer <access_token>` → the caller, or 401 access_token_invalid (tiktok-api.md §4.1). */
export function authenticate(sandbox: Sandbox, authorization: string | undefined): Caller {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  const live = liveToken(sandbox, match?.[1], 'access')
  const creator = live ? sandbox.creator(live.grant.openId) : undefined
  if (!live || !creator) throw new ApiError(401, 'access_token_invalid', MESSAGES.accessTokenInvalid)
  return { token: live.record, grant: live.grant, creator }
}

/** 401 scope_not_authorized unless the grant holds one of `scopes`. */
export function requireScope(caller: Caller, ...scopes: Scope[]): void {
  if (!scopes.some((s) => caller.grant.scopes.includes(s))) {
    throw new ApiError(
      401,
      'scope_not_authorized',
      `The user did not authorize the scope required for completing this request (${scopes.join(' or ')}).`,
    )
  }
}
