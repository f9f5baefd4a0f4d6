import type { Sandbox } from '../sandbox'
import type { UrlProperty } from '../state/schema'

/**
 * A client's verified "URL properties" (tiktok-api.md §3.6): a **domain** covers itself, every subdomain and every
 * path (`static.example.com` covers `video.static.example.com/…`, not `example.com/…`); a **URL prefix** covers URLs
 * that start with exactly that text. TikTok wants https and a domain (not an IP); the sandbox also accepts http,
 * localhost and IP addresses, because Hookpost runs on http://localhost in development and tests.
 */

export type UrlPropertyType = UrlProperty['type']

export function urlPropertiesOf(sandbox: Sandbox, clientKey: string): UrlProperty[] {
  return sandbox.state.urlProperties[clientKey] ?? []
}

export function isUrlVerified(sandbox: Sandbox, clientKey: string, url: string): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  const host = parsed.hostname.toLowerCase()
  return urlPropertiesOf(sandbox, clientKey).some((p) =>
    p.type === 'url_prefix' ? url.startsWith(p.value) : host === p.value || host.endsWith(`.${p.value}`),
  )
}

const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/

/** Normalises a new property, or says what is wrong with it. */
export function normaliseUrlProperty(type: UrlPropertyType, raw: string): { value: string } | { problem: string } {
  const text = raw.trim()
  if (type === 'domain') {
    const value = text.toLowerCase()
    if (!HOST.test(value)) return { problem: 'A domain is a host name such as static.example.com (no scheme, no path)' }
    return { value }
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return { problem: 'A URL prefix is an absolute URL such as https://static.example.com/media/' }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'A URL prefix starts with https://' }
  // tiktok-api.md §3.6: "https:// + host + path + /".
  if (!text.endsWith('/')) return { problem: 'A URL prefix ends with /' }
  if (url.search || url.hash) return { problem: 'A URL prefix has no query or fragment' }
  return { value: text }
}

export function addUrlProperty(
  sandbox: Sandbox,
  clientKey: string,
  type: UrlPropertyType,
  value: string,
): UrlProperty | undefined {
  const list = (sandbox.state.urlProperties[clientKey] ??= [])
  if (list.some((p) => p.type === type && p.value === value)) return undefined
  const property = { type, value, addedAt: sandbox.now() }
  list.push(property)
  return property
}

export function removeUrlProperty(sandbox: Sandbox, clientKey: string, type: UrlPropertyType, value: string): boolean {
  const list = sandbox.state.urlProperties[clientKey] ?? []
  const index = list.findIndex((p) => p.type === type && p.value === value)
  if (index < 0) return false
  list.splice(index, 1)
  return true
}

/**
 * The `allowedPullPrefixes` option is every client's initial set: added at each start (and after a reset) when
 * missing, so a prefix given by the environment (Hookpost's PUBLIC_URL) is always verified.
 */
export function seedConfiguredUrlProperties(sandbox: Sandbox): void {
  for (const clientKey of sandbox.config.clients.keys()) {
    for (const prefix of sandbox.config.allowedPullPrefixes) addUrlProperty(sandbox, clientKey, 'url_prefix', prefix)
  }
}
