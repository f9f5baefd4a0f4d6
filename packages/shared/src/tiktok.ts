import { z } from 'zod'
import { isDashboardTabKey } from './dashboard'
import { timeZoneSchema } from './profile'

/**
 * Connected TikTok accounts: the contract between the server's `/api/tiktok/*` routes and the web. Tokens never appear
 * here: they stay encrypted in the database and are used only by the server.
 */

/** `active`: tokens work. `reconnect_required`: a refresh failed; the record stays, the person must connect again.
 * `not_connected`: added by hand in the dialog, never authorised (cannot post until connected). */
export const tiktokAccountStatusSchema = z.enum(['active', 'reconnect_required', 'not_connected'])
export type TiktokAccountStatus = z.infer<typeof tiktokAccountStatusSchema>

export const ACCOUNT_LIMITS = {
  name: 100,
  username: 100,
  description: 1000,
} as const

export const tiktokAccountSchema = z
  .object({
    id: z.string(),
    accountName: z.string(),
    accountUsername: z.string(),
    avatarUrl: z.string().nullable(),
    status: tiktokAccountStatusSchema,
    /** True when this account lives in the TikTok sandbox, not on TikTok. */
    sandbox: z.boolean(),
    targetAudience: z.string(),
    niche: z.string(),
    appGoals: z.string(),
    /** IANA zone posts for this account are scheduled in by default; null → the user's zone. */
    timeZone: z.string().nullable(),
    scopes: z.array(z.string()),
    connectedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'TiktokAccount' })
export type TiktokAccount = z.infer<typeof tiktokAccountSchema>

export const tiktokAccountListSchema = z
  .object({ accounts: z.array(tiktokAccountSchema) })
  .meta({ id: 'TiktokAccounts' })

const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: 'Please fill in all required fields' })
    .max(max, { message: `Must be ${max} characters or fewer` })
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `Must be ${max} characters or fewer` })

/** The add/edit dialog: 'Basic Info' (name, username required) and 'Account Description' (feeds AI hooks later). */
export const accountFormSchema = z
  .object({
    accountName: requiredText(ACCOUNT_LIMITS.name),
    // People type '@name'; we store the bare handle.
    accountUsername: requiredText(ACCOUNT_LIMITS.username).transform((v) => v.replace(/^@+/, '')),
    targetAudience: optionalText(ACCOUNT_LIMITS.description).default(''),
    niche: optionalText(ACCOUNT_LIMITS.description).default(''),
    appGoals: optionalText(ACCOUNT_LIMITS.description).default(''),
    timeZone: timeZoneSchema.nullable().optional(),
  })
  .meta({ id: 'AccountForm' })
export type AccountFormInput = z.input<typeof accountFormSchema>
export type AccountForm = z.output<typeof accountFormSchema>

export const accountUpdateSchema = accountFormSchema.partial().meta({ id: 'AccountUpdate' })
export type AccountUpdate = z.input<typeof accountUpdateSchema>

/**
 * Every TikTok scope Hookpost asks for, and what Hookpost uses it for (issue 19 item 6): the server requests exactly
 * these (`TIKTOK_SCOPES`), and the connect buttons show the purposes before the person leaves for TikTok. Scope
 * names and what each unlocks: tiktok-api.md §2 (user info), §3 (posting), §5 (Display API).
 */
export const TIKTOK_SCOPE_PURPOSES = [
  {
    scope: 'user.info.basic',
    purpose: 'Your display name and profile picture, so you can tell your accounts apart.',
  },
  {
    scope: 'user.info.profile',
    purpose: 'Your @username, shown next to the account and on the posting form.',
  },
  {
    scope: 'user.info.stats',
    purpose: 'Your follower and like counts, for the Analytics tab.',
  },
  {
    scope: 'video.list',
    purpose: 'Your public videos and their views, likes, comments and shares, for the Analytics tab.',
  },
  {
    scope: 'video.publish',
    purpose: 'Posting the videos you schedule (or the automation makes) to your profile, and following their status.',
  },
  {
    scope: 'video.upload',
    purpose:
      'Sending videos and slideshows as drafts to your TikTok inbox, where you add a sound and post them yourself.',
  },
] as const satisfies readonly { scope: string; purpose: string }[]
export type TiktokScope = (typeof TIKTOK_SCOPE_PURPOSES)[number]['scope']

/**
 * An account authorised on TikTok at least once (its `connectedAt` is set then and never cleared): from then on its
 * @username is TikTok's, refreshed on every reconnect, and cannot be edited in Hookpost (issue 30).
 */
export function usernameFromTiktok(account: Pick<TiktokAccount, 'connectedAt'>): boolean {
  return account.connectedAt !== null
}

/** Where the callback page goes after connecting when the place the flow started is unknown (product.md §2). */
export const CONNECT_RETURN_FALLBACK = '/dashboard'

/**
 * The place a connect flow started, as the path to return to, if it is one of the app's own places that offer
 * "Connect": a dashboard tab (`/dashboard?tab=<key>`) or Profile & Accounts. Anything else (another site, another
 * path, extra parameters) is null, so the return place can never become an open redirect. The server checks it when
 * the flow starts and again when it ends; the web checks it once more before following it.
 */
export function connectReturnPath(value: string | null | undefined): string | null {
  // Compared as exact strings, not parsed: nothing to normalise, so nothing to smuggle through a normalisation.
  if (value === '/dashboard/profile') return value
  const tab = value ? /^\/dashboard\?tab=([a-z]+)$/.exec(value)?.[1] : undefined
  return isDashboardTabKey(tab) ? `/dashboard?tab=${tab}` : null
}

const returnToSchema = z.string().max(200)

/** Start of the connect flow: the server answers with TikTok's (or the sandbox's) authorize URL. */
export const connectStartBodySchema = z
  .object({
    /** Reconnect (or first connect of a hand-added account) fills this account instead of creating one. */
    accountId: z.string().optional(),
    /** Where the person pressed Connect; kept with the state. Off `connectReturnPath`'s list it is dropped. */
    returnTo: returnToSchema.optional(),
  })
  .meta({ id: 'ConnectStartBody' })
export const connectStartResponseSchema = z.object({ authorizeUrl: z.string() }).meta({ id: 'ConnectStart' })

/** What the callback page posts back: exactly what TikTok put in the callback URL. */
export const connectCallbackBodySchema = z
  .object({
    code: z.string().min(1).max(2048),
    state: z.string().min(1).max(512),
    scopes: z.string().max(1024).optional(),
  })
  .meta({ id: 'ConnectCallbackBody' })
export const connectCallbackResponseSchema = z
  .object({
    account: tiktokAccountSchema,
    /** Where the flow started (`connectReturnPath`); null: unknown, go to the dashboard. */
    returnTo: z.string().nullable(),
  })
  .meta({ id: 'ConnectCallback' })

/**
 * The flow ended on the callback page without an account (the person pressed Deny, TikTok sent an error, or the
 * callback failed): the state can no longer be used, and the answer says where the flow started and for which account,
 * so the page can offer "Try again" and the way back.
 */
export const connectAbandonBodySchema = z
  .object({ state: z.string().min(1).max(512) })
  .meta({ id: 'ConnectAbandonBody' })
export const connectAbandonResponseSchema = z
  .object({
    /** null: this session never started that state (or it is long gone): go to the dashboard. */
    returnTo: z.string().nullable(),
    accountId: z.string().nullable(),
  })
  .meta({ id: 'ConnectAbandon' })
export type ConnectOrigin = z.infer<typeof connectAbandonResponseSchema>

/** Sandbox creators (only while the sandbox stands in for TikTok; `/dummy-account` creates them). */
export const sandboxCreatorSchema = z
  .object({
    openId: z.string(),
    displayName: z.string(),
    username: z.string(),
    avatarUrl: z.string(),
    isPrivate: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SandboxCreator' })
export type SandboxCreator = z.infer<typeof sandboxCreatorSchema>
export const sandboxCreatorListSchema = z
  .object({ creators: z.array(sandboxCreatorSchema), sandboxUrl: z.string() })
  .meta({ id: 'SandboxCreators' })

export const createSandboxCreatorBodySchema = z
  .object({
    displayName: requiredText(60),
    username: requiredText(24)
      .transform((v) => v.replace(/^@+/, ''))
      .pipe(
        z.string().regex(/^[a-zA-Z0-9._]{2,24}$/, {
          message: 'Usernames use 2–24 letters, numbers, dots or underscores',
        }),
      ),
    isPrivate: z.boolean().default(false),
  })
  .meta({ id: 'CreateSandboxCreatorBody' })
export type CreateSandboxCreatorInput = z.input<typeof createSandboxCreatorBodySchema>
