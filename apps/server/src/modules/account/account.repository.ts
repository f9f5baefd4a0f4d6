import { and, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { withTransactions, type Executor } from '../../db/transactional'
import {
  aiImage,
  automationSlot,
  createdVideo,
  mailOutbox,
  mediaFile,
  post,
  tiktokAccount,
  user,
  verification,
} from '../../db/schema'

/** What a person's account deletion must also reach outside its own rows: queued jobs and files. */
export interface DeletionTargets {
  email: string
  postIds: string[]
  videoIds: string[]
  slotIds: string[]
  /** TikTok accounts (their `analytics.sync` jobs). */
  accountIds: string[]
  /** Mails not yet delivered (their `mail.send` jobs). */
  queuedMailIds: string[]
  /** Files in media storage: uploaded and rendered videos, thumbnails, images. */
  storageKeys: string[]
}

function queries(db: Executor) {
  const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((r) => r.id)
  return {
    async findDeletionTargets(userId: string): Promise<DeletionTargets | undefined> {
      const [owner] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId))
      if (!owner) return undefined
      const [postIds, videoIds, slotIds, accountIds, queuedMailIds, media, images, thumbnails] = await Promise.all([
        ids(db.select({ id: post.id }).from(post).where(eq(post.userId, userId))),
        ids(db.select({ id: createdVideo.id }).from(createdVideo).where(eq(createdVideo.userId, userId))),
        ids(db.select({ id: automationSlot.id }).from(automationSlot).where(eq(automationSlot.userId, userId))),
        ids(db.select({ id: tiktokAccount.id }).from(tiktokAccount).where(eq(tiktokAccount.userId, userId))),
        ids(
          db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(and(eq(mailOutbox.userId, userId), eq(mailOutbox.status, 'queued'))),
        ),
        db.select({ key: mediaFile.storageKey }).from(mediaFile).where(eq(mediaFile.userId, userId)),
        db.select({ key: aiImage.storageKey }).from(aiImage).where(eq(aiImage.userId, userId)),
        db
          .select({ key: createdVideo.thumbnailKey })
          .from(createdVideo)
          .where(and(eq(createdVideo.userId, userId), isNotNull(createdVideo.thumbnailKey))),
      ])
      return {
        email: owner.email,
        postIds,
        videoIds,
        slotIds,
        accountIds,
        queuedMailIds,
        storageKeys: [...media, ...images, ...thumbnails].flatMap((r) => (r.key ? [r.key] : [])),
      }
    },

    /**
     * Deletes every row of the person. Most tables go by ON DELETE CASCADE from `user`; posts, planned posts and created
     * videos go first because they hold media files ON DELETE RESTRICT: whether one cascade from `user` gets through
     * would depend on the order PostgreSQL happens to run the cascades in. Reset tokens live in better-auth's
     * `verification` with the user id as value, without a foreign key.
     */
    async deleteUserRows(userId: string): Promise<boolean> {
      await db.delete(post).where(eq(post.userId, userId))
      await db.delete(automationSlot).where(eq(automationSlot.userId, userId))
      await db.delete(createdVideo).where(eq(createdVideo.userId, userId))
      await db.delete(aiImage).where(eq(aiImage.userId, userId))
      await db.delete(mediaFile).where(eq(mediaFile.userId, userId))
      await db.delete(verification).where(eq(verification.value, userId))
      const deleted = await db.delete(user).where(eq(user.id, userId)).returning({ id: user.id })
      return deleted.length > 0
    },
  }
}

export function createAccountRepository(db: Database) {
  return withTransactions(db, queries)
}
export type AccountRepository = ReturnType<typeof createAccountRepository>
