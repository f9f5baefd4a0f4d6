import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { mediaFile, photoSet, post, tiktokAccount } from '../../db/schema'
import type { Executor } from '../../db/transactional'

/*
 * The post row and the post as the UI shows it. They live here, below the posts module, because the publisher reads
 * and announces them too (a post's live event carries the whole post); the posts module uses them through index.ts.
 */

export type PostRow = typeof post.$inferSelect
export type MediaRow = typeof mediaFile.$inferSelect
export type PhotoSetRow = typeof photoSet.$inferSelect
/** What a resumed upload needs, stored with the publish_id (the URL sealed by the caller). */
export type UploadColumns = Pick<typeof post.$inferInsert, 'uploadUrlEnc' | 'uploadUrlExpiresAt' | 'uploadPlan'>

/** A post with what the UI shows beside it (its account's names, its video's name/size/duration). */
export interface PostView extends PostRow {
  account: { accountName: string; accountUsername: string; sandbox: boolean }
  media: Pick<MediaRow, 'originalName' | 'sizeBytes' | 'durationMs'> | null
  /** A photo post's images: how many, and the slideshow they came from. */
  photos: { count: number; slideshowId: string | null } | null
}

/** What the publisher needs to post: the row and the whole media row (file location, size, type) or photo set. */
export interface PostForPublishing {
  post: PostRow
  media: MediaRow | null
  photoSet: PhotoSetRow | null
}

const viewColumns = {
  post,
  accountName: tiktokAccount.accountName,
  accountUsername: tiktokAccount.accountUsername,
  accountSandbox: tiktokAccount.sandbox,
  mediaOriginalName: mediaFile.originalName,
  mediaSizeBytes: mediaFile.sizeBytes,
  mediaDurationMs: mediaFile.durationMs,
  photoCount: sql<number | null>`jsonb_array_length(${photoSet.images})`,
  photoSlideshowId: photoSet.slideshowId,
}

function toView(row: {
  post: PostRow
  accountName: string
  accountUsername: string
  accountSandbox: boolean
  mediaOriginalName: string | null
  mediaSizeBytes: number | null
  mediaDurationMs: number | null
  photoCount: number | null
  photoSlideshowId: string | null
}): PostView {
  return {
    ...row.post,
    account: { accountName: row.accountName, accountUsername: row.accountUsername, sandbox: row.accountSandbox },
    media:
      row.mediaOriginalName !== null && row.mediaSizeBytes !== null && row.mediaDurationMs !== null
        ? { originalName: row.mediaOriginalName, sizeBytes: row.mediaSizeBytes, durationMs: row.mediaDurationMs }
        : null,
    photos: row.photoCount !== null ? { count: Number(row.photoCount), slideshowId: row.photoSlideshowId } : null,
  }
}

/** The posts matching `where` as the UI shows them: the one join behind the posts API and the live events. */
export async function readPostViews(db: Executor, where: SQL | undefined): Promise<PostView[]> {
  const rows = await db
    .select(viewColumns)
    .from(post)
    .innerJoin(tiktokAccount, eq(tiktokAccount.id, post.accountId))
    .leftJoin(mediaFile, and(eq(mediaFile.id, post.mediaId), eq(mediaFile.userId, post.userId)))
    .leftJoin(photoSet, and(eq(photoSet.id, post.photoSetId), eq(photoSet.userId, post.userId)))
    .where(where)
  return rows.map(toView)
}

function forPublishing(db: Executor) {
  return db
    .select({ post, media: mediaFile, photoSet })
    .from(post)
    .leftJoin(mediaFile, and(eq(mediaFile.id, post.mediaId), eq(mediaFile.userId, post.userId)))
    .leftJoin(photoSet, and(eq(photoSet.id, post.photoSetId), eq(photoSet.userId, post.userId)))
}

/** The publisher's reads of posts, by id alone (it serves every user). */
export function postReads(db: Executor) {
  return {
    async findViewInternal(id: string): Promise<PostView | undefined> {
      const [row] = await readPostViews(db, eq(post.id, id))
      return row
    },

    /** The publisher's announcements of posts that changed together (a batch claimed at the same second). */
    async findViewsInternal(ids: string[]): Promise<PostView[]> {
      if (ids.length === 0) return []
      return readPostViews(db, inArray(post.id, ids))
    },

    async findForPublishingInternal(id: string): Promise<PostForPublishing | undefined> {
      const [row] = await forPublishing(db).where(eq(post.id, id))
      return row
    },

    /** `findForPublishingInternal` for the posts that fall due together. */
    async findManyForPublishingInternal(ids: string[]): Promise<PostForPublishing[]> {
      if (ids.length === 0) return []
      return forPublishing(db).where(inArray(post.id, ids))
    },

    /** A photo set by id alone: the public photo route, after it checked the link's signature (photo-urls.ts). */
    async findPhotoSetInternal(id: string): Promise<PhotoSetRow | undefined> {
      const [row] = await db.select().from(photoSet).where(eq(photoSet.id, id))
      return row
    },
  }
}
