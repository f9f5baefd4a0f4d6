import { desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { mailOutbox } from '../../db/schema'

export type OutboxRow = typeof mailOutbox.$inferSelect

export function createMailRepository(db: Database) {
  return {
    async insert(mail: { userId: string | null; to: string; subject: string; text: string; html?: string | null }) {
      const [row] = await db.insert(mailOutbox).values(mail).returning()
      if (!row) throw new Error('mail_outbox insert returned nothing')
      return row
    },
    async findById(id: string) {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id))
      return row
    },
    async markSent(id: string, transport: 'smtp' | 'outbox', at: Date) {
      await db
        .update(mailOutbox)
        .set({ status: 'sent', transport, sentAt: at, error: null })
        .where(eq(mailOutbox.id, id))
    },
    async markFailed(id: string, error: string) {
      await db.update(mailOutbox).set({ status: 'failed', error }).where(eq(mailOutbox.id, id))
    },
    async recordError(id: string, error: string) {
      await db.update(mailOutbox).set({ error }).where(eq(mailOutbox.id, id))
    },
    async listRecent(limit: number) {
      return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit)
    },
  }
}
export type MailRepository = ReturnType<typeof createMailRepository>
