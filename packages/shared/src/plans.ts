import { z } from 'zod'
import { formatFileSize } from './file-size'

/**
 * The plans shown on the marketing pages (product.md §1) and enforced by the server (modules/plans, ADR 036): the limits
 * below are the ones enforced, so they live here, once.
 */
export const TRIAL_DAYS = 14

export type PlanId = 'basic' | 'pro' | 'business'

export interface Plan {
  id: PlanId
  name: string
  priceUsdPerMonth: number
  /** null = unlimited */
  scheduledPostsPerMonth: number | null
  maxAccounts: number
  /**
   * What the person's stored files may add up to (issue 31 item 6, ADR 058): uploads, renders, Library copies, images
   * and slideshow photos. A whole number of GB (1 GB = 1024³ bytes, product.md §9).
   */
  storageBytes: number
  features: readonly string[]
}

const GB = 1024 ** 3

/** Each plan's storage, once: the figure enforced and the one its feature list names. */
const STORAGE_BYTES: Record<PlanId, number> = { basic: 5 * GB, pro: 25 * GB, business: 100 * GB }

/** A plan's storage as the pricing page and the refusals name it: whole GB ("25 GB"). */
export function planStorage(bytes: number): string {
  return `${Math.round(bytes / GB)} GB`
}

export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    name: 'Basic',
    priceUsdPerMonth: 9,
    scheduledPostsPerMonth: 30,
    maxAccounts: 1,
    storageBytes: STORAGE_BYTES.basic,
    features: [
      '30 scheduled posts per month',
      'Single account',
      `${planStorage(STORAGE_BYTES.basic)} of storage`,
      'Basic analytics',
      'Email support',
    ],
  },
  {
    id: 'pro',
    name: 'Pro',
    priceUsdPerMonth: 29,
    scheduledPostsPerMonth: null,
    maxAccounts: 3,
    storageBytes: STORAGE_BYTES.pro,
    features: [
      'Unlimited posts',
      'Up to 3 accounts',
      `${planStorage(STORAGE_BYTES.pro)} of storage`,
      'Content calendar',
      'Priority email support',
    ],
  },
  {
    id: 'business',
    name: 'Business',
    priceUsdPerMonth: 79,
    scheduledPostsPerMonth: null,
    maxAccounts: 10,
    storageBytes: STORAGE_BYTES.business,
    features: [
      'Unlimited posts',
      'Up to 10 accounts',
      `${planStorage(STORAGE_BYTES.business)} of storage`,
      'Team tools',
      'Custom branding',
      '24/7 support',
    ],
  },
]

/** Limits during the free trial: Pro's (ADR 036). */
export const TRIAL_PLAN_ID: PlanId = 'pro'

export const PLAN_IDS = ['basic', 'pro', 'business'] as const satisfies readonly PlanId[]
export const planIdSchema = z.enum(PLAN_IDS)

export function planById(id: PlanId): Plan {
  const plan = PLANS.find((p) => p.id === id)
  if (!plan) throw new Error(`unknown plan ${id}`)
  return plan
}

/** What a person may do now: a paid plan, the trial (with Pro's limits), or neither (read-only for new posts). */
export type PlanState = 'trial' | 'active' | 'ended'

/** The plan's words for each refusal (the spec has none; ADR 036). */
export const PLAN_MESSAGES = {
  trialEnded: 'Your free trial has ended. Choose a plan to schedule new posts.',
  trialEndedAccounts: 'Your free trial has ended. Choose a plan to connect TikTok accounts.',
  postsLimit: (planName: string, limit: number) =>
    `Your ${planName} plan allows ${limit} scheduled posts per month. Upgrade to schedule more.`,
  accountsLimit: (planName: string, limit: number) =>
    `Your ${planName} plan allows ${limit} connected TikTok ${limit === 1 ? 'account' : 'accounts'}. Upgrade to connect more.`,
  trialAccountsLimit: (limit: number) =>
    `Your free trial allows ${limit} connected TikTok accounts. Choose a plan to connect more.`,
  /**
   * Storage is full for what was asked (an upload, an image, a render; ADR 058). `planName` null: the free trial (or
   * after it, whose storage stays the trial's).
   */
  storageLimit: (planName: string | null, limit: number, used: number) =>
    `${planName ? `Your ${planName} plan includes` : 'Your free trial includes'} ${planStorage(limit)} of storage ` +
    `and you have used ${formatFileSize(used)}. Delete videos you no longer need or ` +
    `${planName ? 'upgrade' : 'choose a plan'} for more.`,
  planActivated: (planName: string) => `Your ${planName} plan is active.`,
  checkoutFailed: 'Could not start the checkout. Please try again.',
} as const

export const billingOverviewSchema = z
  .object({
    state: z.enum(['trial', 'active', 'ended']),
    /** The paid plan, when there is one (null in the trial and after it). */
    plan: planIdSchema.nullable(),
    /**
     * The plan picked on the pricing page before signing up (issue 30 item 9), null when none: the one offered first
     * when choosing a plan. Picking it charges nothing; the trial's limits stay Pro's.
     */
    chosenPlan: planIdSchema.nullable(),
    trialEndsAt: z.iso.datetime(),
    /** Whole days left in the trial, rounded up (0 once it ended). */
    trialDaysLeft: z.number().int().min(0),
    currentPeriodEnd: z.iso.datetime().nullable(),
    limits: z.object({
      maxAccounts: z.number().int().min(0),
      /** null = unlimited. */
      scheduledPostsPerMonth: z.number().int().min(0).nullable(),
      /** Bytes the person's stored files may add up to (ADR 058). */
      storageBytes: z.number().int().min(0),
    }),
    usage: z.object({
      accounts: z.number().int().min(0),
      /** Posts counted this calendar month (ADR 036), in the person's zone. */
      scheduledPostsThisMonth: z.number().int().min(0),
      month: z.string().regex(/^\d{4}-\d{2}$/),
      /** Bytes of everything the person stores now (a live sum, ADR 058). */
      storageBytes: z.number().int().min(0),
    }),
    provider: z.enum(['manual', 'stripe']),
  })
  .meta({ id: 'BillingOverview' })
export type BillingOverview = z.infer<typeof billingOverviewSchema>

export const checkoutBodySchema = z.object({ plan: planIdSchema }).strict()
/** PUT /api/billing/chosen-plan: the plan picked on the pricing page, recorded once the person has signed up. */
export const chosenPlanBodySchema = z.object({ plan: planIdSchema }).strict().meta({ id: 'ChosenPlan' })
export const checkoutResultSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('redirect'), url: z.url() }),
    z.object({ kind: z.literal('activated'), billing: billingOverviewSchema }),
  ])
  .meta({ id: 'CheckoutResult' })
export type CheckoutResponse = z.infer<typeof checkoutResultSchema>
