import { describe, expect, it } from 'vitest'
import { fastifyTrustProxy, isPrivateAddress, parseTrustProxy, TRUST_PROXY_TRUE_REFUSED } from './trust-proxy'

describe('parseTrustProxy', () => {
  it.each([
    ['false', false],
    ['', false],
    [' FALSE ', false],
    ['0', false],
    ['1', 1],
    ['3', 3],
    ['127.0.0.1', ['127.0.0.1']],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['::1,fd00::/8,loopback,uniquelocal', ['::1', 'fd00::/8', 'loopback', 'uniquelocal']],
  ])('accepts %j', (raw, value) => {
    expect(parseTrustProxy(raw)).toEqual({ ok: true, value })
  })

  it('refuses true, saying what to use instead', () => {
    expect(parseTrustProxy('true')).toEqual({ ok: false, problem: TRUST_PROXY_TRUE_REFUSED })
    expect(TRUST_PROXY_TRUE_REFUSED).toMatch(/TRUST_PROXY=1/)
    expect(TRUST_PROXY_TRUE_REFUSED).toMatch(/10\.0\.0\.0\/8,127\.0\.0\.1/)
  })

  it.each(['11', '10.0.0.0/33', '::1/129', 'proxy.local', '10.0.0.1,,', '1.2.3', '10.0.0.0/8/1', '*'])(
    'refuses %j with the entry named',
    (raw) => {
      const parsed = parseTrustProxy(raw)
      expect(parsed.ok).toBe(false)
    },
  )
})

describe('fastifyTrustProxy', () => {
  it('passes false and address lists through', () => {
    expect(fastifyTrustProxy(false)).toBe(false)
    expect(fastifyTrustProxy(['10.0.0.0/8'])).toEqual(['10.0.0.0/8'])
  })

  it('turns a hop count into: the first n hops, each on this machine or a private network', () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean
    expect(trust('127.0.0.1', 0)).toBe(true)
    expect(trust('::ffff:10.1.2.3', 1)).toBe(true)
    expect(trust('192.168.1.1', 2)).toBe(false)
    // A client on the internet connecting directly is never a proxy, whatever it sends.
    expect(trust('203.0.113.9', 0)).toBe(false)
  })
})

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.9.8.7',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    'fd12::1',
  ])('%s is private', (a) => expect(isPrivateAddress(a)).toBe(true))
  it.each(['8.8.8.8', '172.32.0.1', '203.0.113.9', '2001:db8::1', 'not-an-ip', '::ffff:8.8.8.8'])('%s is not', (a) =>
    expect(isPrivateAddress(a)).toBe(false),
  )
})
