import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { mediaFile, photoSet, post, postStats, tiktokAccount } from '../../db/schema'
import type { PgSelectQueryBuilder } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/transactional'
import { toPostIdentity, type PostIdentity, type PostIdentityRow } from './post-identity'

/*
 * The post row and the post as the UI shows it. They live here, below the posts module, because the publisher reads
 * and announces them too (a post's live event carries the whole post); the posts module uses them through index.ts.
 */

export type PostRow = typeof post.$inferSelect
export type MediaRow = typeof mediaFile.$inferSelect
export type PhotoSetRow = typeof photoSet.$inferSelect
/** What a resumed upload needs, stored with the publish_id (the URL sealed by the caller). */
export type UploadColumns = Pick<typeof post.$inferInsert, 'uploadUrlEnc' | 'uploadUrlExpiresAt' | 'uploadPlan'>

/** A post with what the UI shows beside it (its account's names, its video's name/size/duration, its identity). */
export interface PostView extends PostRow {
  account: { accountName: string; accountUsername: string; sandbox: boolean }
  media: Pick<MediaRow, 'originalName' | 'sizeBytes' | 'durationMs'> | null
  /** A photo post's images: how many, and the slideshow they came from. */
  photos: { count: number; slideshowId: string | null } | null
  /** Its thumbnail, TikTok page and latest figures (post-identity.ts). */
  identity: PostIdentity
}

/** What the publisher needs to post: the row and the whole media row (file location, size, type) or photo set. */
export interface PostForPublishing {
  post: PostRow
  media: MediaRow | null
  photoSet: PhotoSetRow | null
}

/** The columns the identity is made from; each query that selects them joins media_file, photo_set and post_stats. */
export const postIdentityColumns = {
  identityMediaId: mediaFile.id,
  identityMediaDurationMs: mediaFile.durationMs,
  identityPhotoSetId: photoSet.id,
  identityPhotoCoverIndex: photoSet.coverIndex,
  statsViews: postStats.views,
  statsLikes: postStats.likes,
  statsComments: postStats.comments,
  statsShares: postStats.shares,
  statsShareUrl: postStats.shareUrl,
  statsState: postStats.state,
  statsSyncedAt: postStats.syncedAt,
}

/**
 * `columns` of posts with their account, video, photo set and stats: the joins every read of posts shares (the whole
 * post here, the calendar's slim one in the posts module). All but the account's are left joins on primary keys, each
 * scoped to the post's owner, so a list of posts stays one query.
 */
export function withPostJoins<Q extends PgSelectQueryBuilder>(query: Q) {
  return query
    .innerJoin(tiktokAccount, eq(tiktokAccount.id, post.accountId))
    .leftJoin(mediaFile, and(eq(mediaFile.id, post.mediaId), eq(mediaFile.userId, post.userId)))
    .leftJoin(photoSet, and(eq(photoSet.id, post.photoSetId), eq(photoSet.userId, post.userId)))
    .leftJoin(postStats, and(eq(postStats.postId, post.id), eq(postStats.userId, post.userId)))
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
  ...postIdentityColumns,
}

function toView(
  row: PostIdentityRow & {
    post: PostRow
    accountName: string
    accountUsername: string
    accountSandbox: boolean
    mediaOriginalName: string | null
    mediaSizeBytes: number | null
    mediaDurationMs: number | null
    photoCount: number | null
    photoSlideshowId: string | null
  },
): PostView {
  return {
    ...row.post,
    account: { accountName: row.accountName, accountUsername: row.accountUsername, sandbox: row.accountSandbox },
    media:
      row.mediaOriginalName !== null && row.mediaSizeBytes !== null && row.mediaDurationMs !== null
        ? { originalName: row.mediaOriginalName, sizeBytes: row.mediaSizeBytes, durationMs: row.mediaDurationMs }
        : null,
    photos: row.photoCount !== null ? { count: Number(row.photoCount), slideshowId: row.photoSlideshowId } : null,
    identity: toPostIdentity(row),
  }
}

/** The posts matching `where` as the UI shows them: the one join behind the posts API and the live events. */
export async function readPostViews(db: Executor, where: SQL | undefined): Promise<PostView[]> {
  const rows = await withPostJoins(db.select(viewColumns).from(post).$dynamic()).where(where)
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
