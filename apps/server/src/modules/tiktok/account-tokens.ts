import { MESSAGES } from '@hookpost/shared'
import { isTiktokError, type TiktokClient, type TiktokTokenSet } from '../../integrations/tiktok'
import type { SecretBox } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import type { Log } from '../../lib/log'
import type { AccountRow, TiktokAccountRepository, TokenColumns } from './accounts.repository'

/** product.md §9: "token refresh margin 1 hour". */
export const REFRESH_MARGIN_MS = 60 * 60 * 1000

const context = (id: string, kind: 'access' | 'refresh') => `tiktok_account:${id}:${kind}`

export function reconnectMessage(row: AccountRow): string {
  return `${MESSAGES.reconnectRequired}: @${row.accountUsername} must be connected to TikTok again.`
}

/** An account's TikTok tokens: sealed at rest, refreshed before they expire, revoked when the account goes. */
export function createAccountTokens(deps: {
  repo: TiktokAccountRepository
  client: TiktokClient
  box: SecretBox
  clock: () => Date
  log: Pick<Log, 'warn' | 'error'>
  /** Tells the person that the account must be connected again. */
  reconnectNotice(row: AccountRow): Promise<void>
}) {
  const { repo, client, box, clock, log, reconnectNotice } = deps

  function sealTokens(id: string, tokens: TiktokTokenSet): TokenColumns {
    return {
      accessTokenEnc: box.seal(tokens.accessToken, context(id, 'access')),
      refreshTokenEnc: box.seal(tokens.refreshToken, context(id, 'refresh')),
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
      refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
      scopes: tokens.scopes,
    }
  }

  /**
   * The access token of an account that was connected, to revoke; null when there is none. A `reconnect_required`
   * account's token may still be alive at TikTok, so it is revoked too (a refusal is only logged).
   */
  function revocableToken(row: AccountRow): string | null {
    if (!row.accessTokenEnc || row.status === 'not_connected') return null
    return box.open(row.accessTokenEnc, context(row.id, 'access'))
  }

  async function revokeQuietly(accountId: string, accessToken: string): Promise<void> {
    try {
      await client.revoke(accessToken)
    } catch (err) {
      // The account is gone for the person either way; a failed revoke only means the token dies on its own.
      log.warn(`[tiktok] revoking the token of deleted account ${accountId} failed: ${String(err)}`)
    }
  }

  /** One refresh per account at a time in this process; other processes are handled by re-reading on failure. */
  const inflight = new Map<string, Promise<string>>()

  async function refreshIfNeeded(accountId: string, force: boolean): Promise<string> {
    const row = await repo.findInternal(accountId)
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
    if (row.status !== 'active' || !row.accessTokenEnc || !row.refreshTokenEnc || !row.accessTokenExpiresAt) {
      throw new AppError('CONFLICT', reconnectMessage(row))
    }
    const now = clock()
    const accessToken = box.open(row.accessTokenEnc, context(row.id, 'access'))
    if (!force && row.accessTokenExpiresAt.getTime() - now.getTime() > REFRESH_MARGIN_MS) return accessToken
    if (row.refreshTokenExpiresAt && row.refreshTokenExpiresAt.getTime() <= now.getTime()) {
      const reason = 'The TikTok authorisation expired'
      if (await repo.markReconnectRequiredInternal(row.id, row.refreshTokenEnc, reason, now)) await reconnectNotice(row)
      throw new AppError('CONFLICT', reconnectMessage(row))
    }
    try {
      const tokens = await client.refreshTokens(box.open(row.refreshTokenEnc, context(row.id, 'refresh')))
      await repo.saveTokensInternal(row.id, sealTokens(row.id, tokens), clock())
      return tokens.accessToken
    } catch (err) {
      if (isTiktokError(err) && err.kind === 'reauth_required') {
        // Another process may have rotated the refresh token first (the old one then stops working, tiktok-api.md §1.5).
        const marked = await repo.markReconnectRequiredInternal(row.id, row.refreshTokenEnc, err.message, clock())
        if (!marked) {
          const fresh = await repo.findInternal(row.id)
          if (fresh?.status === 'active' && fresh.accessTokenEnc) {
            return box.open(fresh.accessTokenEnc, context(fresh.id, 'access'))
          }
        }
        log.warn(`[tiktok] account ${row.id} needs reconnecting: ${err.message}`)
        if (marked) await reconnectNotice(row)
        throw new AppError('CONFLICT', reconnectMessage(row))
      }
      // TikTok is having a bad minute: the current token still works until it expires.
      if (row.accessTokenExpiresAt.getTime() > clock().getTime()) return accessToken
      log.error(`[tiktok] refreshing account ${row.id} failed`, err)
      throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.tiktokUnavailable)
    }
  }

  /** A working access token, refreshed first when needed; one refresh per account at a time in this process. */
  function accessToken(accountId: string, options: { force?: boolean } = {}): Promise<string> {
    const running = inflight.get(accountId)
    if (running) return running
    const promise = refreshIfNeeded(accountId, options.force ?? false).finally(() => inflight.delete(accountId))
    inflight.set(accountId, promise)
    return promise
  }

  return { sealTokens, revocableToken, revokeQuietly, accessToken }
}
