import { z } from 'zod'

/** Every error the API returns has this shape (style.md rule 6). `code` is stable; `message` is for people. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'EMAIL_TAKEN',
  'INVALID_TOKEN',
  'SERVICE_UNAVAILABLE',
  'INTERNAL',
  /** The plan's limit is reached (accounts, or scheduled posts this month): the web offers "Choose a plan". */
  'PLAN_LIMIT',
  /** The free trial ended without a plan: nothing new is scheduled until one is chosen. */
  'TRIAL_ENDED',
] as const

export const errorCodeSchema = z.enum(ERROR_CODES)
export type ErrorCode = z.infer<typeof errorCodeSchema>

export const apiErrorSchema = z
  .object({
    code: errorCodeSchema,
    message: z.string(),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ApiError' })
export type ApiError = z.infer<typeof apiErrorSchema>
