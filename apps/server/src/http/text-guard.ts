import type { FastifyInstance } from 'fastify'
import { isSignedWebhook } from './origin-check'
import { findForbiddenText, forbiddenTextError } from '../lib/forbidden-text'

/**
 * One check for every route (before its schema runs, so nothing reaches a handler or the database): the JSON body,
 * the query string and the path parameters. Upload bodies are streams and are not looked at here.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // A signed webhook's body is the provider's bytes, checked by its signature and never stored as text.
    if (isSignedWebhook(request)) return
    const sources: [unknown, string][] = [
      [request.body, 'body'],
      [request.query, 'query'],
      [request.params, 'path'],
    ]
    for (const [value, where] of sources) {
      const found = findForbiddenText(value)
      if (found) throw forbiddenTextError(found, where)
    }
  })
}
