import { z } from 'zod'
import { tiktokAccountSchema } from '@hookpost/shared/tiktok'

/** The `{ account }` body that creating and updating an account answer with. */
export const accountResponseSchema = z.object({ account: tiktokAccountSchema })
