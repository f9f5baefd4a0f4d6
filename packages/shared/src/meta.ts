import { z } from 'zod'
import { AI_PROVIDERS } from './ai'

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.object({ status: z.enum(['up', 'down']), kind: z.enum(['pglite', 'postgres']) }),
    queue: z.object({ status: z.enum(['up', 'down']), queues: z.array(z.string()) }),
  })
  .meta({ id: 'Health' })
export type Health = z.infer<typeof healthSchema>

/** Public, non-secret runtime facts the web needs before sign-in. */
export const appInfoSchema = z
  .object({
    supportEmail: z.string(),
    devOutbox: z.boolean(),
    tiktokSandbox: z.boolean(),
    /** Who writes hooks and ideas, and who makes images: the built-in offline generator or the configured model. */
    ai: z.object({ writer: z.enum(AI_PROVIDERS), images: z.enum(AI_PROVIDERS) }),
  })
  .meta({ id: 'AppInfo' })
export type AppInfo = z.infer<typeof appInfoSchema>

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  createdAt: z.iso.datetime(),
})
export const outboxListSchema = z.object({ mails: z.array(outboxMailSchema) }).meta({ id: 'Outbox' })
export type OutboxMail = z.infer<typeof outboxMailSchema>
