import { MESSAGES, type AccountForm, type AccountUpdate, type CreatorInfo, type TiktokAccount } from '@hookpost/shared'
import { accountUpdateSchema, connectReturnPath, TIKTOK_SCOPE_PURPOSES, type TiktokScope } from '@hookpost/shared'
import type { ConnectOrigin } from '@hookpost/shared'
import { isTiktokError, type TiktokClient, type TiktokTokenSet } from '../../integrations/tiktok'
import type { SecretBox } from '../../lib/crypto'
import { randomToken, sha256Hex } from '../../lib/crypto'
import { AppError } from '../../lib/errors'
import type { AccountRow, TiktokAccountRepository } from './accounts.repository'
import type { Log as BaseLog } from '../../lib/log'
import type { Notify } from '../notifications'
import type { PlansService } from '../plans'
import { createAccountTokens, reconnectMessage, REFRESH_MARGIN_MS } from './account-tokens'
import { createCreatorInfoReader } from './creator-info'

/** Scopes Hookpost asks for, and why: one list, shared with the connect buttons (packages/shared tiktok.ts). */
export const TIKTOK_SCOPES: readonly TiktokScope[] = TIKTOK_SCOPE_PURPOSES.map((s) => s.scope)

/** OAuth state lifetime: long enough to create a sandbox creator or sign in to TikTok, short enough to be useless later. */
export const STATE_TTL_MS = 10 * 60 * 1000

type Log = Pick<BaseLog, 'warn' | 'error'>

export interface TiktokAccountsDeps {
  repo: TiktokAccountRepository
  client: TiktokClient
  box: SecretBox
  clock: () => Date
  sandbox: boolean
  /** Tells the person when an account must be connected again (modules/notifications, ADR 034). */
  notify?: Notify
  /** Plans and the trial (ADR 036): a creator connected for the first time must fit the plan's number of accounts. */
  plans: Pick<PlansService, 'checkNewAccount'>
  log: Log
}

export function toAccountDto(row: AccountRow): TiktokAccount {
  return {
    id: row.id,
    accountName: row.accountName,
    accountUsername: row.accountUsername,
    avatarUrl: row.avatarUrl,
    status: row.status,
    sandbox: row.sandbox,
    targetAudience: row.targetAudience,
    niche: row.niche,
    appGoals: row.appGoals,
    timeZone: row.timeZone,
    scopes: row.scopes,
    connectedAt: row.connectedAt ? row.connectedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }
}

export function createTiktokAccountsService(deps: TiktokAccountsDeps) {
  const { repo, client, box, clock, log } = deps
  const notify: Notify = deps.notify ?? (() => Promise.resolve())
  const reconnectNotice = (row: AccountRow) =>
    notify({
      kind: 'account_reconnect',
      userId: row.userId,
      accountId: row.id,
      accountUsername: row.accountUsername,
      connectedAt: row.connectedAt,
    })

  const accountTokens = createAccountTokens({ repo, client, box, clock, log, reconnectNotice })
  const { sealTokens, revocableToken, revokeQuietly } = accountTokens
  const readCreatorInfo = createCreatorInfoReader({ repo, client, clock })

  async function mustFind(userId: string, id: string): Promise<AccountRow> {
    const row = await repo.findForUser(userId, id)
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
    return row
  }

  /**
   * New tokens on an account (a reconnect, or its first creator): fresh avatar, and the @username TikTok says (the one
   * shown beside the account must be the creator's, issue 30); the account name is the person's own and stays. Without
   * the profile scope TikTok sends no username, and the one the account has stays.
   */
  async function reconnect(
    on: Pick<TiktokAccountRepository, 'updateForUser'>,
    userId: string,
    target: AccountRow,
    tokens: TiktokTokenSet,
    profile: Awaited<ReturnType<TiktokClient['userInfo']>>,
    now: Date,
  ): Promise<AccountRow> {
    const row = await on.updateForUser(
      userId,
      target.id,
      {
        ...sealTokens(target.id, tokens),
        openId: tokens.openId,
        sandbox: deps.sandbox,
        avatarUrl: profile.avatarUrl ?? target.avatarUrl,
        accountUsername: profile.username || target.accountUsername,
        status: 'active',
        lastError: null,
        connectedAt: now,
      },
      now,
    )
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
    return row
  }

  /**
   * The code TikTok sent back, exchanged server-side (the client secret never leaves the server), and the account it
   * connects: `accountId` (from the state) is the account to fill, else the creator's own or a new one.
   */
  async function connectWith(
    input: { userId: string; code: string },
    accountId: string | null,
    now: Date,
  ): Promise<TiktokAccount> {
    let tokens: TiktokTokenSet
    let profile: Awaited<ReturnType<TiktokClient['userInfo']>>
    try {
      tokens = await client.exchangeCode(input.code)
      profile = await client.userInfo(tokens.accessToken, tokens.scopes)
    } catch (err) {
      if (isTiktokError(err) && err.kind === 'transient') {
        throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.tiktokUnavailable)
      }
      log.warn(`[tiktok] connecting failed: ${err instanceof Error ? err.message : String(err)}`)
      throw new AppError('BAD_REQUEST', MESSAGES.connectFailed)
    }

    // username needs user.info.profile; a creator who declined it still has a display name (tiktok-api.md §2).
    const username = profile.username || profile.displayName || tokens.openId.slice(0, 12)
    const existing = await repo.findByOpenIdForUser(input.userId, tokens.openId)
    let target: AccountRow | undefined
    if (accountId) {
      target = await repo.findForUser(input.userId, accountId)
      if (!target) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
      if (target.openId && target.openId !== tokens.openId) {
        throw new AppError(
          'CONFLICT',
          `You authorised @${username} on TikTok, but this account is @${target.accountUsername}. Connect again and choose @${target.accountUsername}.`,
        )
      }
      if (existing && existing.id !== target.id) throw new AppError('CONFLICT', MESSAGES.accountAlreadyConnected)
    } else {
      target = existing
    }

    // Reconnecting a creator this account already has always works; a first connection is held to the plan.
    if (target?.openId) return toAccountDto(await reconnect(repo, input.userId, target, tokens, profile, now))

    // A new creator (a new account, or one described by hand getting its first): under the person's plan lock, so
    // two callbacks cannot both take the last place; a callback for the same creator that won meanwhile makes this
    // a reconnect.
    const connectNew = () =>
      repo.transaction(async ({ repo: tx, tx: db }) => {
        const raced = await tx.findByOpenIdForUser(input.userId, tokens.openId)
        if (raced && (!target || raced.id === target.id)) {
          return toAccountDto(await reconnect(tx, input.userId, raced, tokens, profile, now))
        }
        if (raced) throw new AppError('CONFLICT', MESSAGES.accountAlreadyConnected)
        await deps.plans.checkNewAccount(db, input.userId)
        if (target) return toAccountDto(await reconnect(tx, input.userId, target, tokens, profile, now))
        const id = crypto.randomUUID()
        const row = await tx.insert({
          id,
          userId: input.userId,
          openId: tokens.openId,
          sandbox: deps.sandbox,
          accountName: profile.displayName ?? username,
          accountUsername: username,
          avatarUrl: profile.avatarUrl ?? null,
          status: 'active',
          connectedAt: now,
          ...sealTokens(id, tokens),
        })
        return toAccountDto(row)
      })
    try {
      return await connectNew()
    } catch (err) {
      // Two callbacks for the same creator at once: the unique (user, open_id) index lets only one insert win.
      if (err instanceof AppError) throw err
      const raced = await repo.findByOpenIdForUser(input.userId, tokens.openId)
      if (raced) return toAccountDto(raced)
      throw err
    }
  }

  return {
    async list(userId: string): Promise<TiktokAccount[]> {
      return (await repo.listForUser(userId)).map(toAccountDto)
    },

    async get(userId: string, id: string): Promise<TiktokAccount> {
      return toAccountDto(await mustFind(userId, id))
    },

    /** The dialog's "add": an account the person describes by hand; it can post once connected. */
    async create(userId: string, form: AccountForm): Promise<TiktokAccount> {
      const row = await repo.insert({
        userId,
        // Where it lives is known only once it is connected.
        sandbox: false,
        accountName: form.accountName,
        accountUsername: form.accountUsername,
        targetAudience: form.targetAudience,
        niche: form.niche,
        appGoals: form.appGoals,
        timeZone: form.timeZone ?? null,
        status: 'not_connected',
      })
      return toAccountDto(row)
    },

    async update(userId: string, id: string, input: AccountUpdate): Promise<TiktokAccount> {
      const patch = accountUpdateSchema.parse(input)
      if (patch.accountUsername !== undefined) {
        // An authorised account's @username is TikTok's (set on every connect): a typed one could name another creator.
        const current = await mustFind(userId, id)
        if (current.openId && patch.accountUsername !== current.accountUsername) {
          throw new AppError('VALIDATION_FAILED', MESSAGES.usernameFromTiktok, [
            { path: 'accountUsername', message: MESSAGES.usernameFromTiktok },
          ])
        }
      }
      const row = await repo.updateForUser(
        userId,
        id,
        Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)),
        clock(),
      )
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
      return toAccountDto(row)
    },

    /** Deletes the account (its posts go with it, by foreign key) and tells TikTok to forget our tokens. */
    async remove(userId: string, id: string): Promise<void> {
      const row = await repo.deleteForUser(userId, id)
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.accountNotFound)
      const token = revocableToken(row)
      if (token) await revokeQuietly(row.id, token)
    },

    /**
     * For deleting a person's whole account: opens their connected accounts' access tokens now (the rows are about to
     * go) and returns what revokes them at TikTok (tiktok-api.md §1.6) once the rows are gone. A revoke that fails is logged, never
     * thrown: the token then dies on its own.
     */
    async revocationOfAll(userId: string): Promise<{ accounts: number; revoke: () => Promise<void> }> {
      const tokens = (await repo.listForUser(userId)).flatMap((row) => {
        const token = revocableToken(row)
        return token ? [{ id: row.id, token }] : []
      })
      return {
        accounts: tokens.length,
        revoke: async () => {
          for (const { id, token } of tokens) await revokeQuietly(id, token)
        },
      }
    },

    /** Step 1 of connecting: a single-use state bound to this session, and the authorize URL to send the browser to. */
    async startConnect(input: {
      userId: string
      sessionId: string
      accountId?: string | undefined
      returnTo?: string | undefined
    }) {
      if (input.accountId) await mustFind(input.userId, input.accountId)
      const state = randomToken()
      const now = clock()
      await repo.deleteStaleStates(now, new Date(now.getTime() - 24 * 60 * 60 * 1000))
      await repo.insertState({
        stateHash: sha256Hex(state),
        userId: input.userId,
        sessionId: input.sessionId,
        accountId: input.accountId ?? null,
        // Off the allow-list (another site, an unknown page) it is dropped: the flow then ends on the dashboard.
        returnTo: connectReturnPath(input.returnTo),
        expiresAt: new Date(now.getTime() + STATE_TTL_MS),
      })
      return { authorizeUrl: client.authorizeUrl({ state, scopes: TIKTOK_SCOPES }) }
    },

    /**
     * Step 2: TikTok sent the browser back with `code` and `state`. The state is used up first (so a replay fails even
     * if the exchange below fails), then the code is exchanged server-side — the client secret never leaves the server.
     */
    async completeConnect(input: { userId: string; sessionId: string; code: string; state: string }) {
      const now = clock()
      const state = await repo.consumeState({
        stateHash: sha256Hex(input.state),
        userId: input.userId,
        sessionId: input.sessionId,
        now,
      })
      if (!state) throw new AppError('BAD_REQUEST', MESSAGES.connectStateInvalid)
      const account = await connectWith(input, state.accountId, now)
      // Checked again on the way out: a row written by an older version, or edited by hand, cannot redirect anywhere.
      return { account, returnTo: connectReturnPath(state.returnTo) }
    },

    /** The flow connected nothing (tiktok-api.md §1.3 `error`, or a failed callback): spend the state, say where it began. */
    async abandonConnect(input: { userId: string; sessionId: string; state: string }): Promise<ConnectOrigin> {
      const row = await repo.abandonState({
        stateHash: sha256Hex(input.state),
        userId: input.userId,
        sessionId: input.sessionId,
        now: clock(),
      })
      return { returnTo: connectReturnPath(row?.returnTo), accountId: row?.accountId ?? null }
    },

    /**
     * Fresh creator info for the composer (TikTok UX rule 1: query it when the post page renders). When TikTok says the
     * creator cannot post now (daily cap, ban: HTTP 200 with an error code, tiktok-api.md §3.1), the reason is returned, not thrown.
     */
    async creatorInfo(userId: string, id: string): Promise<CreatorInfo> {
      const account = await mustFind(userId, id)
      if (account.status !== 'active') throw new AppError('CONFLICT', reconnectMessage(account))
      const token = await this.accessToken(account.id)
      return readCreatorInfo(account, token, () => this.accessToken(account.id, { force: true }))
    },

    /** A working access token for posting; refreshed first when it expires within the hour (product.md §9). */
    accessToken(accountId: string, options: { force?: boolean } = {}): Promise<string> {
      return accountTokens.accessToken(accountId, options)
    },

    /** The `tiktok.refresh-tokens` job: refresh every active account expiring within the hour. */
    async refreshDue(): Promise<{ refreshed: number; failed: number }> {
      const ids = await repo.dueForRefreshInternal(new Date(clock().getTime() + REFRESH_MARGIN_MS))
      let refreshed = 0
      let failed = 0
      for (const id of ids) {
        try {
          await this.accessToken(id)
          refreshed++
        } catch {
          failed++
        }
      }
      return { refreshed, failed }
    },
  }
}

export type TiktokAccountsService = ReturnType<typeof createTiktokAccountsService>
