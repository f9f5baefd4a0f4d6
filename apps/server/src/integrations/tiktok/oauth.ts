import { readEmptyOAuthResponse, readOAuthResponse } from './request'
import { oauthTokenSchema } from './responses'
import type { ClientCore } from './client-core'

export interface TiktokTokenSet {
  openId: string
  scopes: string[]
  accessToken: string
  accessTokenExpiresAt: Date
  refreshToken: string
  refreshTokenExpiresAt: Date
}

/** Login Kit (tiktok-api.md §1): the authorisation URL, tokens and their revocation. */
export interface TiktokOAuthCalls {
  authorizeUrl(input: { state: string; scopes: readonly string[] }): string
  exchangeCode(code: string): Promise<TiktokTokenSet>
  /** Always store the returned refresh token: TikTok rotates them (tiktok-api.md §1.5). */
  refreshTokens(refreshToken: string): Promise<TiktokTokenSet>
  revoke(accessToken: string): Promise<void>
}

export function oauthCalls({ options, now, authBase, noRateLimit, oauthPost }: ClientCore): TiktokOAuthCalls {
  async function tokenRequest(fields: Record<string, string>): Promise<TiktokTokenSet> {
    const requestedAt = now()
    const raw = await oauthPost('/v2/oauth/token/', {
      client_key: options.clientKey,
      client_secret: options.clientSecret,
      ...fields,
    })
    const token = readOAuthResponse(raw, oauthTokenSchema, noRateLimit)
    // Lifetimes come from the answer (tiktok-api.md §1.5: 24 h / 365 d in the classic docs, 2 h / 180 d in the 2026 ones).
    return {
      openId: token.open_id,
      scopes: splitScopes(token.scope),
      accessToken: token.access_token,
      accessTokenExpiresAt: new Date(requestedAt + token.expires_in * 1000),
      refreshToken: token.refresh_token,
      refreshTokenExpiresAt: new Date(requestedAt + token.refresh_expires_in * 1000),
    }
  }

  return {
    authorizeUrl({ state, scopes }) {
      // tiktok-api.md §1.2; scopes are comma-separated and the commas stay literal, like TikTok's own examples.
      const query = [
        `client_key=${encodeURIComponent(options.clientKey)}`,
        'response_type=code',
        `scope=${scopes.map(encodeURIComponent).join(',')}`,
        `redirect_uri=${encodeURIComponent(options.redirectUri)}`,
        `state=${encodeURIComponent(state)}`,
      ].join('&')
      return `${authBase}/v2/auth/authorize/?${query}`
    },

    exchangeCode(code) {
      return tokenRequest({ code, grant_type: 'authorization_code', redirect_uri: options.redirectUri })
    },

    refreshTokens(refreshToken) {
      return tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken })
    },

    async revoke(accessToken) {
      const raw = await oauthPost('/v2/oauth/revoke/', {
        client_key: options.clientKey,
        client_secret: options.clientSecret,
        token: accessToken,
      })
      readEmptyOAuthResponse(raw, noRateLimit)
    },
  }
}

function splitScopes(scope: string): string[] {
  return scope
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
}
