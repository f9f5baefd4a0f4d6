import type { FastifyRequest } from 'fastify'

/**
 * Node request headers → Fetch `Headers`, for better-auth. X-Forwarded-For is replaced by the address Fastify trusts
 * (TRUST_PROXY decides), so a client cannot choose the IP other code sees.
 */
export function toFetchHeaders(request: FastifyRequest): Headers {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === 'x-forwarded-for') continue
    if (Array.isArray(value)) for (const v of value) headers.append(name, v)
    else headers.set(name, String(value))
  }
  headers.set('x-forwarded-for', request.ip)
  return headers
}
