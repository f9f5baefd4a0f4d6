import { MESSAGES, type CreatorInfo } from '@hookpost/shared'
import { isTiktokError, type TiktokClient, type TiktokCreatorInfo } from '../../integrations/tiktok'
import { AppError } from '../../lib/errors'
import type { AccountRow, TiktokAccountRepository } from './accounts.repository'
import { reconnectMessage } from './account-tokens'

/**
 * How long one creator_info answer serves an account. tiktok-api.md §3.1 and §6 rule 1 ask for the latest values whenever the post
 * page renders; an answer a few seconds old is as fresh as the form the person is looking at, and reusing it merges a
 * burst (the form opened in several tabs, opened again, submitted right after it opened) into one request against
 * TikTok's 20 a minute. Errors are never reused, so a person who waits and tries again asks TikTok again.
 */
export const CREATOR_INFO_FRESH_MS = 5_000

/** creator_info answers these with HTTP 200: the creator cannot post right now (tiktok-api.md §3.1). */
const CANNOT_POST_CODES = new Set([
  'spam_risk_too_many_posts',
  'spam_risk_user_banned_from_posting',
  'reached_active_user_cap',
])

/** creator_info for the composer, with TikTok's answers turned into what the person is told. */
export function createCreatorInfoReader(deps: {
  repo: Pick<TiktokAccountRepository, 'markReconnectRequiredInternal'>
  client: TiktokClient
  clock: () => Date
}) {
  const { repo, client, clock } = deps

  /** creator_info per account: the answer in flight or of the last CREATOR_INFO_FRESH_MS (this process only). */
  const creatorAnswers = new Map<string, { at: number; answer: Promise<TiktokCreatorInfo> }>()

  /** TikTok's creator_info for a connected account, shared by the callers of the last few seconds. */
  function askCreatorInfo(accountId: string, token: string, refreshed: () => Promise<string>) {
    const now = clock().getTime()
    const known = creatorAnswers.get(accountId)
    if (known && now - known.at < CREATOR_INFO_FRESH_MS) return known.answer
    for (const [id, entry] of creatorAnswers) if (now - entry.at >= CREATOR_INFO_FRESH_MS) creatorAnswers.delete(id)
    const answer = client.creatorInfo(token).catch(async (err: unknown) => {
      if (!isTiktokError(err) || err.kind !== 'reauth_required') throw err
      // A token TikTok stopped accepting before its expiry: one forced refresh before asking for a reconnect.
      return client.creatorInfo(await refreshed())
    })
    creatorAnswers.set(accountId, { at: now, answer })
    answer.catch(() => {
      if (creatorAnswers.get(accountId)?.answer === answer) creatorAnswers.delete(accountId)
    })
    return answer
  }

  /**
   * The creator info of a connected account (`token` is its access token, `refreshed` forces a new one). When TikTok
   * says the creator cannot post now, the reason is returned, not thrown.
   */
  return async function creatorInfo(
    account: AccountRow,
    token: string,
    refreshed: () => Promise<string>,
  ): Promise<CreatorInfo> {
    try {
      const info = await askCreatorInfo(account.id, token, refreshed)
      return {
        nickname: info.nickname,
        username: info.username,
        avatarUrl: info.avatarUrl || null,
        privacyLevelOptions: info.privacyLevelOptions,
        commentDisabled: info.commentDisabled,
        duetDisabled: info.duetDisabled,
        stitchDisabled: info.stitchDisabled,
        maxVideoPostDurationSec: info.maxVideoPostDurationSec,
        cannotPostReason: null,
      }
    } catch (err) {
      if (isTiktokError(err) && err.kind === 'rejected' && CANNOT_POST_CODES.has(err.code)) {
        return {
          nickname: account.accountName,
          username: account.accountUsername,
          avatarUrl: account.avatarUrl,
          privacyLevelOptions: [],
          commentDisabled: true,
          duetDisabled: true,
          stitchDisabled: true,
          maxVideoPostDurationSec: 0,
          cannotPostReason: err.message,
        }
      }
      if (isTiktokError(err) && err.kind === 'reauth_required') {
        await repo.markReconnectRequiredInternal(account.id, account.refreshTokenEnc ?? '', err.message, clock())
        throw new AppError('CONFLICT', reconnectMessage(account))
      }
      // Still 429 after the client's one retry: "too many requests", not "TikTok is not answering".
      if (isTiktokError(err) && err.kind === 'rate_limited') throw new AppError('RATE_LIMITED', err.message)
      if (isTiktokError(err) && err.kind !== 'rejected') {
        throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.tiktokUnavailable)
      }
      throw new AppError('BAD_REQUEST', err instanceof Error ? err.message : MESSAGES.unexpected)
    }
  }
}
