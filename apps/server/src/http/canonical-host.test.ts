import { describe, expect, it } from 'vitest'
import { canonicalPageUrl } from './canonical-host'

describe('the canonical host for pages', () => {
  it('sends another host to the same path and query on PUBLIC_URL', () => {
    expect(canonicalPageUrl('127.0.0.1:3000', '/dashboard?tab=hooks', 'http://localhost:3000')).toBe(
      'http://localhost:3000/dashboard?tab=hooks',
    )
    expect(canonicalPageUrl('www.hookpost.test', '/auth/tiktok/callback?code=c&state=s', 'https://hookpost.test')).toBe(
      'https://hookpost.test/auth/tiktok/callback?code=c&state=s',
    )
  })

  it('serves PUBLIC_URL’s host (in any case), and anything it cannot judge, as it is', () => {
    expect(canonicalPageUrl('localhost:3000', '/login', 'http://localhost:3000')).toBeUndefined()
    expect(canonicalPageUrl('HookPost.test', '/login', 'https://hookpost.test')).toBeUndefined()
    expect(canonicalPageUrl(undefined, '/login', 'http://localhost:3000')).toBeUndefined()
    expect(canonicalPageUrl('evil.test', 'http://evil.test/', 'http://localhost:3000')).toBeUndefined()
  })

  it('never leaves PUBLIC_URL’s origin, whatever the path looks like', () => {
    expect(canonicalPageUrl('127.0.0.1:3000', '//evil.test/x', 'http://localhost:3000')).toBe(
      'http://localhost:3000//evil.test/x',
    )
  })
})
