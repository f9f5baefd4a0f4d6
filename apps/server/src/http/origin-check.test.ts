import { describe, expect, it } from 'vitest'
import { isCrossSiteWrite } from './origin-check'

const ours = 'https://app.hookpost.test'

describe('cross-site writes', () => {
  it('refuses unsafe methods from another origin, or from an opaque one', () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      expect(isCrossSiteWrite(method, { origin: 'https://evil.test' }, ours)).toBe(true)
      expect(isCrossSiteWrite(method, { origin: 'null' }, ours)).toBe(true)
      // Same host, other scheme or port: another origin.
      expect(isCrossSiteWrite(method, { origin: 'http://app.hookpost.test' }, ours)).toBe(true)
      expect(isCrossSiteWrite(method, { origin: 'https://app.hookpost.test:8443' }, ours)).toBe(true)
      expect(isCrossSiteWrite(method, { origin: ours }, ours)).toBe(false)
    }
  })

  it('without Origin, goes by Sec-Fetch-Site: cross-site and same-site are refused', () => {
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'cross-site' }, ours)).toBe(true)
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'same-site' }, ours)).toBe(true)
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'same-origin' }, ours)).toBe(false)
    expect(isCrossSiteWrite('POST', { 'sec-fetch-site': 'none' }, ours)).toBe(false)
  })

  it('lets a client that sends neither header through (not a browser page), and never looks at safe methods', () => {
    expect(isCrossSiteWrite('POST', {}, ours)).toBe(false)
    expect(isCrossSiteWrite('GET', { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site' }, ours)).toBe(false)
    expect(isCrossSiteWrite('OPTIONS', { origin: 'https://evil.test' }, ours)).toBe(false)
  })
})
