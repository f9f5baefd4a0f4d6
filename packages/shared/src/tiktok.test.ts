import { describe, expect, it } from 'vitest'
import { connectReturnPath, usernameFromTiktok } from './tiktok'

describe('connectReturnPath: where a connect flow may return to', () => {
  it('keeps the app places that offer Connect', () => {
    expect(connectReturnPath('/dashboard/profile')).toBe('/dashboard/profile')
    expect(connectReturnPath('/dashboard?tab=schedule')).toBe('/dashboard?tab=schedule')
    expect(connectReturnPath('/dashboard?tab=analytics')).toBe('/dashboard?tab=analytics')
  })

  it('refuses everything else: other sites, other pages, extra parameters, unknown tabs', () => {
    for (const value of [
      null,
      undefined,
      '',
      'dashboard/profile',
      'https://evil.example/dashboard/profile',
      '//evil.example/dashboard',
      '/\\evil.example',
      '/dashboard',
      '/dashboard?tab=',
      '/dashboard?tab=nope',
      '/dashboard?tab=schedule&next=//evil.example',
      '/dashboard?tab=schedule&tab=create',
      '/dashboard?tab=schedule#x',
      '/dashboard/profile?x=1',
      '/dashboard/../login',
      '/dashboard/%2e%2e/login',
      '/login?redirectTo=/dashboard',
      'javascript:alert(1)',
    ]) {
      expect(connectReturnPath(value), String(value)).toBeNull()
    }
  })
})

describe('usernameFromTiktok', () => {
  it('is true once the account was authorised', () => {
    expect(usernameFromTiktok({ connectedAt: '2026-01-01T00:00:00.000Z' })).toBe(true)
    expect(usernameFromTiktok({ connectedAt: null })).toBe(false)
  })
})
