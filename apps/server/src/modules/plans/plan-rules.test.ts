import { describe, expect, it } from 'vitest'
import { PLAN_MESSAGES, PLANS, TRIAL_DAYS } from '@hookpost/shared'
import { entitlementAt, monthOf, monthWindow, storageAllows, trialDaysLeft, trialEndFor } from './plan-rules'

const GB = 1024 ** 3

const signedUp = new Date('2027-01-10T09:00:00Z')
const trialEndsAt = trialEndFor(signedUp)

describe('entitlementAt', () => {
  it('gives the trial Pro limits until its end (exclusive), then nothing new', () => {
    expect(trialEndsAt.toISOString()).toBe('2027-01-24T09:00:00.000Z')
    expect(TRIAL_DAYS).toBe(14)
    const trial = { plan: null, status: 'trial' as const, trialEndsAt }
    expect(entitlementAt(trial, new Date('2027-01-24T08:59:59Z'))).toEqual({
      state: 'trial',
      plan: null,
      planName: null,
      maxAccounts: 3,
      scheduledPostsPerMonth: null,
      storageBytes: 25 * GB,
    })
    // After the trial, storage keeps the trial's limit: nothing stored is lost (ADR 058).
    expect(entitlementAt(trial, trialEndsAt)).toMatchObject({
      state: 'ended',
      maxAccounts: 0,
      scheduledPostsPerMonth: 0,
      storageBytes: 25 * GB,
    })
  })

  it("uses the paid plan's numbers from packages/shared, in or after the trial", () => {
    for (const plan of PLANS) {
      const row = { plan: plan.id, status: 'active' as const, trialEndsAt }
      for (const now of [signedUp, new Date('2027-06-01T00:00:00Z')]) {
        expect(entitlementAt(row, now)).toEqual({
          state: 'active',
          plan: plan.id,
          planName: plan.name,
          maxAccounts: plan.maxAccounts,
          scheduledPostsPerMonth: plan.scheduledPostsPerMonth,
          storageBytes: plan.storageBytes,
        })
      }
    }
    expect(entitlementAt({ plan: 'basic', status: 'active', trialEndsAt }, signedUp).scheduledPostsPerMonth).toBe(30)
  })

  it('after a paid plan ended: the trial if it still runs, else nothing new', () => {
    const ended = { plan: null, status: 'ended' as const, trialEndsAt }
    expect(entitlementAt(ended, signedUp).state).toBe('trial')
    expect(entitlementAt(ended, new Date('2027-02-01T00:00:00Z')).state).toBe('ended')
  })
})

describe('trialDaysLeft', () => {
  it('rounds up, and is 0 once the trial ended', () => {
    expect(trialDaysLeft(trialEndsAt, signedUp)).toBe(14)
    expect(trialDaysLeft(trialEndsAt, new Date(trialEndsAt.getTime() - 3 * 3_600_000))).toBe(1)
    expect(trialDaysLeft(trialEndsAt, trialEndsAt)).toBe(0)
    expect(trialDaysLeft(trialEndsAt, new Date('2027-03-01T00:00:00Z'))).toBe(0)
  })
})

describe('monthOf', () => {
  it("is the month on the wall clock of the post's own zone", () => {
    const instant = new Date('2027-01-31T23:30:00Z')
    expect(monthOf(instant, 'UTC')).toBe('2027-01')
    expect(monthOf(instant, 'Europe/Berlin')).toBe('2027-02')
    expect(monthOf(new Date('2027-02-01T03:00:00Z'), 'America/Los_Angeles')).toBe('2027-01')
    expect(monthOf(new Date('2026-12-31T11:00:00Z'), 'Pacific/Kiritimati')).toBe('2027-01')
  })

  it('monthWindow holds every instant of that month in any zone', () => {
    const { from, to } = monthWindow('2027-01')
    for (const [at, zone] of [
      ['2026-12-31T10:00:00Z', 'Pacific/Kiritimati'],
      ['2027-02-01T10:59:00Z', 'Pacific/Pago_Pago'],
    ] as const) {
      const instant = new Date(at)
      expect(monthOf(instant, zone)).toBe('2027-01')
      expect(instant >= from && instant < to).toBe(true)
    }
  })
})

describe('storage (ADR 058)', () => {
  it('has the figures the pricing page names', () => {
    expect(PLANS.map((p) => [p.id, p.storageBytes / GB])).toEqual([
      ['basic', 5],
      ['pro', 25],
      ['business', 100],
    ])
    for (const plan of PLANS) expect(plan.features).toContain(`${plan.storageBytes / GB} GB of storage`)
  })

  it('takes a file that fits whole, and starts a render of unknown size only below the limit', () => {
    expect(storageAllows(5 * GB, 5 * GB - 10, 10)).toBe(true)
    expect(storageAllows(5 * GB, 5 * GB - 10, 11)).toBe(false)
    expect(storageAllows(5 * GB, 5 * GB - 1, 0)).toBe(true)
    expect(storageAllows(5 * GB, 5 * GB, 0)).toBe(false)
    // Past the limit (a render that finished past it, a downgrade): nothing more.
    expect(storageAllows(5 * GB, 6 * GB, 1)).toBe(false)
  })

  it('says the plan, its storage and what is used, with the one size format', () => {
    expect(PLAN_MESSAGES.storageLimit('Pro', 25 * GB, 24.8 * GB)).toBe(
      'Your Pro plan includes 25 GB of storage and you have used 24.80 GB. Delete videos you no longer need or ' +
        'upgrade for more.',
    )
    expect(PLAN_MESSAGES.storageLimit(null, 25 * GB, 25 * GB)).toBe(
      'Your free trial includes 25 GB of storage and you have used 25.00 GB. Delete videos you no longer need or ' +
        'choose a plan for more.',
    )
  })
})
