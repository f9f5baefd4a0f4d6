import type { FastifyInstance, FastifyRequest } from 'fastify'
import { MESSAGES } from '@hookpost/shared'
import { AppError } from '../lib/errors'

/** Methods a page on another site may send without our consent (they must change nothing; ours do not). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Cross-site request forgery (ADR 021): may a request with this method, `Origin` and `Sec-Fetch-Site` change
 * anything? Browsers send `Origin` with every POST, PUT, PATCH and DELETE (fetch, forms, tus), so when it is there it
 * decides: only PUBLIC_URL's origin passes (`null`, sent by sandboxed frames and some redirects, does not). Without
 * it, `Sec-Fetch-Site` (also set by the browser, never by page script) refuses `cross-site` and `same-site`. A
 * request with neither header is not from a browser page (curl, scripts, server-to-server tests): it passes, and
 * still needs the session cookie, which browsers only attach to same-site requests anyway (SameSite=Lax).
 */
export function isCrossSiteWrite(
  method: string,
  headers: { origin?: string | string[] | undefined; 'sec-fetch-site'?: string | string[] | undefined },
  allowedOrigin: string,
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false
  const { origin } = headers
  if (origin !== undefined) return origin !== allowedOrigin
  const site = headers['sec-fetch-site']
  return site === 'cross-site' || site === 'same-site'
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route a payment provider calls (POST /api/billing/webhook, ADR 036): authenticated by the signature over its
     * raw body, never by a session, so the origin check and the text guard do not apply to it.
     */
    signedWebhook?: boolean
  }
}

export function isSignedWebhook(request: FastifyRequest): boolean {
  return request.routeOptions.config.signedWebhook === true
}

/** Refuses cross-site writes with 403 before anything else runs (no body is read, no session looked up). */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin
  const message = `${MESSAGES.crossSiteRefused} Open Hookpost at ${allowed} and try again.`
  app.addHook('onRequest', async (request) => {
    // A payment provider's webhook is not a browser's request: its signature over the body authenticates it.
    if (isSignedWebhook(request)) return
    if (isCrossSiteWrite(request.method, request.headers, allowed)) throw new AppError('FORBIDDEN', message)
  })
}
