import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { session, user } from './auth'

/**
 * A TikTok creator account a user connected (or added by hand, `not_connected`). Tokens are AES-256-GCM ciphertext
 * (lib/crypto.ts); they never leave the server. One row per (user, open_id): reconnecting the same creator updates it.
 */
export const tiktokAccount = pgTable(
  'tiktok_account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** TikTok's per-app user id; null until the account is authorised. */
    openId: text('open_id'),
    /** True when the account lives in the TikTok sandbox, not on TikTok. */
    sandbox: boolean('sandbox').notNull().default(false),
    accountName: text('account_name').notNull(),
    accountUsername: text('account_username').notNull(),
    avatarUrl: text('avatar_url'),
    status: text('status', { enum: ['active', 'reconnect_required', 'not_connected'] })
      .notNull()
      .default('not_connected'),
    scopes: text('scopes').array().notNull().default([]),
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    targetAudience: text('target_audience').notNull().default(''),
    niche: text('niche').notNull().default(''),
    appGoals: text('app_goals').notNull().default(''),
    timeZone: text('time_zone'),
    connectedAt: timestamp('connected_at', { withTimezone: true }),
    /** Why the account needs reconnecting (shown to the owner); null when healthy. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tiktok_account_user_open_id_idx').on(t.userId, t.openId),
    index('tiktok_account_user_created_idx').on(t.userId, t.createdAt),
    index('tiktok_account_refresh_due_idx').on(t.status, t.accessTokenExpiresAt),
  ],
)

/**
 * OAuth `state` values handed out by "Connect TikTok account": single use, 10 minutes, bound to the session that asked.
 * Only a SHA-256 hash is stored, so a database read does not yield usable states.
 */
export const tiktokOauthState = pgTable(
  'tiktok_oauth_state',
  {
    stateHash: text('state_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sessionId: text('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    /** Reconnect (or first connect of a hand-added account) fills this account. */
    accountId: uuid('account_id').references(() => tiktokAccount.id, { onDelete: 'cascade' }),
    /** Where the person pressed Connect (`connectReturnPath` in packages/shared): the callback page returns there. */
    returnTo: text('return_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tiktok_oauth_state_expires_idx').on(t.expiresAt)],
)
