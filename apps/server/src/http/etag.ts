import type { FastifyInstance } from 'fastify'
import { ifNoneMatchMatches, jsonEtag } from '../lib/weak-etag'

/**
 * ETag / 304 for the signed-in person's JSON reads (ADR 025). `Cache-Control: private, no-cache`: only the browser may
 * keep the answer and it must ask again every time, so nothing stale is ever shown — an unchanged calendar costs a
 * hash and an empty 304 instead of the whole body over the wire. Every person's answer is hashed from what that
 * person's own query returned, so a 304 can only confirm bytes the browser already holds. Routes that chose their own
 * caching (`no-store`, files) and anything that is not a whole JSON body (event streams, files) are left alone.
 * Register on the authenticated scope before its routes, so it runs before compression does.
 */
export function registerJsonEtags(scope: FastifyInstance): void {
  scope.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
    const type = reply.getHeader('content-type')
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload
    if (reply.hasHeader('cache-control') || reply.hasHeader('etag')) return payload
    const etag = jsonEtag(payload)
    reply.header('etag', etag).header('cache-control', 'private, no-cache')
    if (!ifNoneMatchMatches(request.headers['if-none-match'], etag)) return payload
    reply.code(304)
    return null
  })
}
