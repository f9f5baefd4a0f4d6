import { BlockList, isIP } from 'node:net'

/**
 * Which X-Forwarded-For hops Fastify may believe (its `trustProxy`): none (`false`), the last `n` hops (`n` proxies
 * on this machine or a private network always stand in front of us), or the proxies at these addresses/CIDRs (and
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`). Never "all": that would make the client's own left-most
 * entry the address every limit and check sees (issue 18, ADR 020).
 */
export type TrustProxy = false | number | string[]

export const MAX_PROXY_HOPS = 10
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

export const TRUST_PROXY_TRUE_REFUSED =
  '"true" would trust whatever X-Forwarded-For a client sends. Set the number of proxies in front of Hookpost ' +
  '(e.g. TRUST_PROXY=1) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8,127.0.0.1), or false without a proxy'

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true
  const [address = '', prefix, ...rest] = entry.split('/')
  const family = isIP(address)
  if (family === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  if (!/^\d{1,3}$/.test(prefix)) return false
  return Number(prefix) <= (family === 4 ? 32 : 128)
}

/** Parses TRUST_PROXY; returns the setting, or the sentence that says what is wrong with it. */
export function parseTrustProxy(raw: string): { ok: true; value: TrustProxy } | { ok: false; problem: string } {
  const value = raw.trim()
  if (value === '' || value.toLowerCase() === 'false') return { ok: true, value: false }
  if (value.toLowerCase() === 'true') return { ok: false, problem: TRUST_PROXY_TRUE_REFUSED }
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops === 0) return { ok: true, value: false }
    if (hops > MAX_PROXY_HOPS) {
      return { ok: false, problem: `a hop count must be between 1 and ${MAX_PROXY_HOPS} (the proxies in front)` }
    }
    return { ok: true, value: hops }
  }
  const entries = value.split(',').map((e) => e.trim())
  const bad = entries.filter((e) => !isAddressOrRange(e))
  if (bad.length > 0) {
    return {
      ok: false,
      problem:
        `not a number of proxies nor a list of proxy addresses: ${bad.map((b) => JSON.stringify(b)).join(', ')} ` +
        '(use e.g. 1, or 10.0.0.0/8,127.0.0.1)',
    }
  }
  return { ok: true, value: entries }
}

/** Loopback, private (RFC 1918), carrier-grade NAT, link-local and unique-local addresses: where proxies live. */
const PRIVATE_NETWORKS = new BlockList()
PRIVATE_NETWORKS.addSubnet('127.0.0.0', 8, 'ipv4')
PRIVATE_NETWORKS.addSubnet('10.0.0.0', 8, 'ipv4')
PRIVATE_NETWORKS.addSubnet('172.16.0.0', 12, 'ipv4')
PRIVATE_NETWORKS.addSubnet('192.168.0.0', 16, 'ipv4')
PRIVATE_NETWORKS.addSubnet('100.64.0.0', 10, 'ipv4')
PRIVATE_NETWORKS.addSubnet('169.254.0.0', 16, 'ipv4')
PRIVATE_NETWORKS.addAddress('::1', 'ipv6')
PRIVATE_NETWORKS.addSubnet('fc00::', 7, 'ipv6')
PRIVATE_NETWORKS.addSubnet('fe80::', 10, 'ipv6')

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)
  const plain = mapped?.[1] ?? address
  const family = isIP(plain)
  if (family === 0) return false
  return PRIVATE_NETWORKS.check(plain, family === 4 ? 'ipv4' : 'ipv6')
}

/**
 * The setting as Fastify's `trustProxy`. Fastify 5.12 ignores a bare number on purpose (a hop count cannot tell the
 * proxy from a client that connects directly and sends its own header), so a hop count becomes a function: the first
 * `n` hops are trusted, and only while each of them is on this machine or a private network. A client on the internet
 * that bypasses the proxy is then the address itself, whatever X-Forwarded-For it sends; a proxy with a public address
 * must be named in the list instead.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting
  return (address, hop) => hop < setting && isPrivateAddress(address)
}
