import { createHash } from 'node:crypto'

/**
 * A weak validator over the JSON as serialised, before compression: the same for the brotli, gzip and identity
 * forms of one answer, which is what "weak" promises (RFC 9110 §8.8.3) and why it is not a strong one. Used by the
 * ETag hook (http/etag.ts) and by answers served from the answer cache (lib/answer-cache.ts), which set their own.
 */
export function jsonEtag(payload: string | Buffer): string {
  return `W/"${createHash('sha1').update(payload).digest('base64url')}"`
}

/** RFC 9110 §13.1.2: If-None-Match uses the weak comparison; `*` matches any current representation. */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  const mine = opaque(etag)
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === mine)
}
