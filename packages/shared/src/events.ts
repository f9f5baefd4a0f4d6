import { z } from 'zod'
import { postSchema } from './posts'
import { notificationSchema } from './notifications'
// The file, not the studio barrel: the web's first load parses events, and needs none of the overlay drawing (ADR 060).
import { createdVideoSchema } from './studio/created-videos'
import { slideshowSchema } from './slideshows'

/** Server-Sent Events on /api/events (one stream per signed-in tab). */
export const serverEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('post.updated'), post: postSchema }),
  z.object({ type: z.literal('post.deleted'), postId: z.string() }),
  z.object({
    type: z.literal('post.progress'),
    postId: z.string(),
    /** Bytes sent to TikTok so far, of `totalBytes`. */
    sentBytes: z.number(),
    totalBytes: z.number(),
  }),
  z.object({ type: z.literal('video.updated'), video: createdVideoSchema }),
  z.object({ type: z.literal('video.deleted'), videoId: z.string() }),
  /** The automation's settings or runs changed (a post planned, rendered, scheduled, posted or failed): refetch. */
  z.object({ type: z.literal('automation.updated') }),
  /** An account's TikTok stats were fetched (or the fetch found a problem): refetch its analytics. */
  z.object({ type: z.literal('analytics.synced'), accountId: z.string() }),
  z.object({
    type: z.literal('video.progress'),
    videoId: z.string(),
    /** Frames rendered / total, 0–100. */
    percent: z.number().min(0).max(100),
  }),
  /** A new notice for the bell (ADR 034). */
  z.object({ type: z.literal('notification.created'), notification: notificationSchema }),
  /** Notices were marked read (in another tab): refetch the list. */
  z.object({ type: z.literal('notifications.read') }),
  /** A slideshow changed (issue 29): its render or export moved on (`progress`), or it was edited. */
  z.object({ type: z.literal('slideshow.updated'), slideshow: slideshowSchema }),
  z.object({ type: z.literal('slideshow.deleted'), slideshowId: z.string() }),
])
export type ServerEvent = z.infer<typeof serverEventSchema>
