import { describe, expect, it } from 'vitest'
import { buildAccountsOverview } from './accounts-overview'
import type { AccountComparisonRow } from './accounts-overview.repository'

const range = { from: '2026-04-01', to: '2026-04-28', timeZone: 'Europe/Berlin' }

function row(overrides: Partial<AccountComparisonRow>): AccountComparisonRow {
  return {
    accountId: 'a',
    accountName: 'Ana',
    accountUsername: 'ana',
    sandbox: false,
    followers: null,
    views: 0,
    likes: 0,
    comments: 0,
    shares: 0,
    posts: 0,
    syncedAt: null,
    ...overrides,
  }
}

describe('buildAccountsOverview', () => {
  it('sums every figure over the accounts, followers over those whose count is known', () => {
    const overview = buildAccountsOverview(range, [
      row({ accountId: 'a', followers: 1200, views: 500, likes: 50, comments: 5, shares: 2, posts: 3 }),
      row({ accountId: 'b', followers: null, views: 40, likes: 4, comments: 1, shares: 0, posts: 1 }),
      row({
        accountId: 'c',
        followers: 300,
        views: 0,
        posts: 0,
        syncedAt: new Date('2026-04-28T10:00:00Z'),
      }),
    ])
    expect(overview).toMatchObject({ from: '2026-04-01', to: '2026-04-28', timeZone: 'Europe/Berlin' })
    expect(overview.totals).toEqual({ followers: 1500, views: 540, likes: 54, comments: 6, shares: 2, posts: 4 })
    expect(overview.accounts.map((a) => a.accountId)).toEqual(['a', 'b', 'c'])
    expect(overview.accounts[2]?.syncedAt).toBe('2026-04-28T10:00:00.000Z')
    expect(overview.accounts[0]?.syncedAt).toBeNull()
  })

  it('says followers are unknown, not 0, when no account has a count; no accounts sum to zeros', () => {
    expect(buildAccountsOverview(range, [row({ views: 7 })]).totals).toEqual({
      followers: null,
      views: 7,
      likes: 0,
      comments: 0,
      shares: 0,
      posts: 0,
    })
    expect(buildAccountsOverview(range, []).totals).toEqual({
      followers: null,
      views: 0,
      likes: 0,
      comments: 0,
      shares: 0,
      posts: 0,
    })
  })
})
