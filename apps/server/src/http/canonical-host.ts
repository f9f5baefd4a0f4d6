/**
 * Pages live on PUBLIC_URL's host only (ADR 021). Cookies belong to a host: a person who opened the app at
 * 127.0.0.1 while PUBLIC_URL says localhost would be signed in on one and come back from TikTok (or a reset mail) to
 * the other, signed out. So a page requested on any other host is sent to the same path and query on PUBLIC_URL.
 *
 * `host` is what Fastify trusts (the Host header, or X-Forwarded-Host only when TRUST_PROXY trusts the proxy), so a
 * reverse proxy must pass the browser's host on (nginx: `proxy_set_header Host $http_host`, which keeps the port; `$host` drops it), or every page would redirect
 * to itself. Only the host is compared: the scheme behind a TLS-terminating proxy is not known without TRUST_PROXY.
 * Returns the URL to redirect to, or undefined to serve the page.
 */
export function canonicalPageUrl(host: string | undefined, url: string, publicUrl: string): string | undefined {
  const target = new URL(publicUrl)
  if (!host || host.toLowerCase() === target.host) return undefined
  // An absolute-form request target ("GET http://elsewhere/") is not a path on our site: serve it as it is.
  if (!url.startsWith('/')) return undefined
  return `${target.origin}${url}`
}
