import type { z } from 'zod'
import { AppError } from './errors'

/**
 * A body checked against `schema` inside the handler, or a 400 with every problem in the schema's (the spec's) words.
 * For routes whose body depends on the request (a query parameter picks the shape), or whose messages must be the
 * spec's rather than Fastify's validation text.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const details = parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
  throw new AppError('VALIDATION_FAILED', details[0]?.message ?? 'Invalid request', details)
}
