import type { Post } from '@hookpost/shared'
import { slideshowPaths } from '../slideshows'

/*
 * What tells one post from another (issue 30, ADR 047): a picture of it, its page on TikTok and its latest figures.
 * Both reads of posts — the whole post (post-views.repository.ts) and the calendar's slim one (posts module) — select
 * `postIdentityColumns` in the same query as the post, through left joins on primary keys, so a list stays one query;
 * this file turns those columns into the API's view.
 */

/** The columns `postIdentityColumns` selects (post-views.repository.ts). */
export interface PostIdentityRow {
  identityMediaId: string | null
  identityMediaDurationMs: number | null
  identityPhotoSetId: string | null
  identityPhotoCoverIndex: number | null
  statsViews: number | null
  statsLikes: number | null
  statsComments: number | null
  statsShares: number | null
  statsShareUrl: string | null
  statsState: 'live' | 'gone' | null
  statsSyncedAt: Date | null
}

export type PostIdentity = Pick<Post, 'thumbnailUrl' | 'tiktokUrl' | 'stats'>

/**
 * The frame a video post is shown by: half a second in (earlier for a shorter video), the moment the render's own
 * thumbnail is taken (render-args.ts `thumbnailArgs`), so a studio video looks the same here as in Created videos.
 */
export function thumbnailAtMs(durationMs: number): number {
  return Math.max(0, Math.min(500, Math.floor(durationMs / 2)))
}

/**
 * A video post: a still of its own video file (`/api/slideshows/stills/…`, made once with ffmpeg and kept); a photo
 * post: its cover image. Both routes answer only their owner (404 to anyone else).
 */
function thumbnailUrl(row: PostIdentityRow): string | null {
  if (row.identityPhotoSetId !== null) {
    return slideshowPaths.photoSetImage(row.identityPhotoSetId, row.identityPhotoCoverIndex ?? 0)
  }
  if (row.identityMediaId !== null && row.identityMediaDurationMs !== null) {
    return slideshowPaths.still(row.identityMediaId, thumbnailAtMs(row.identityMediaDurationMs))
  }
  return null
}

export function toPostIdentity(row: PostIdentityRow): PostIdentity {
  return {
    thumbnailUrl: thumbnailUrl(row),
    // TikTok no longer lists a `gone` post (deleted, or made private): its old page would not open.
    tiktokUrl: row.statsSyncedAt !== null && row.statsState === 'live' ? row.statsShareUrl : null,
    stats:
      row.statsSyncedAt !== null
        ? {
            views: Number(row.statsViews ?? 0),
            likes: Number(row.statsLikes ?? 0),
            comments: Number(row.statsComments ?? 0),
            shares: Number(row.statsShares ?? 0),
            syncedAt: row.statsSyncedAt.toISOString(),
          }
        : null,
  }
}
