/**
 * The plans shown on the marketing pages (spec §1). Billing and enforcement are not built yet; when they are, the limits
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
  features: readonly string[]
}

export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    name: 'Basic',
    priceUsdPerMonth: 9,
    scheduledPostsPerMonth: 30,
    maxAccounts: 1,
    features: ['30 scheduled posts per month', 'Single account', 'Basic analytics', 'Email support'],
  },
  {
    id: 'pro',
    name: 'Pro',
    priceUsdPerMonth: 29,
    scheduledPostsPerMonth: null,
    maxAccounts: 3,
    features: ['Unlimited posts', 'Up to 3 accounts', 'Content calendar', 'Priority email support'],
  },
  {
    id: 'business',
    name: 'Business',
    priceUsdPerMonth: 79,
    scheduledPostsPerMonth: null,
    maxAccounts: 10,
    features: ['Unlimited posts', 'Up to 10 accounts', 'Team tools', 'Custom branding', '24/7 support'],
  },
]
