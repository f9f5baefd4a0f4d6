import { and, desc, eq, isNotNull, type SQL } from 'drizzle-orm'
import type { Database } from '../../db/client'
import { createdVideo, mediaFile, slideshow } from '../../db/schema'

export type MediaRow = typeof mediaFile.$inferSelect
export type NewMediaRow = typeof mediaFile.$inferInsert
export type SlideshowRow = typeof slideshow.$inferSelect

/** One of the person's rendered videos, as the Library shows it. */
export interface UserLibraryVideo {
  id: string
  title: string
  description: string
  output: MediaRow
  createdAt: Date
}

/** One of the person's slideshows (issue 29) and, once exported, the media file of its MP4. */
export interface UserLibrarySlideshow {
  row: SlideshowRow
  exported: MediaRow | null
}

/** The Library reads up to this many slideshows, like `GET /api/slideshows`. */
const SLIDESHOWS_LIMIT = 500

/** Every query is scoped by user id. */
export function createLibraryRepository(db: Database) {
  /** The person's slideshows that match `where`, each with its export's media file (the join is scoped too). */
  const slideshowsWithExport = (userId: string, where?: SQL) =>
    db
      .select({ row: slideshow, exported: mediaFile })
      .from(slideshow)
      .leftJoin(mediaFile, and(eq(mediaFile.id, slideshow.exportMediaId), eq(mediaFile.userId, userId)))
      .where(and(eq(slideshow.userId, userId), where))

  return {
    /** The person's rendered videos (processed, with their output file), newest first. */
    async userVideos(userId: string): Promise<UserLibraryVideo[]> {
      const rows = await db
        .select({ video: createdVideo, output: mediaFile })
        .from(createdVideo)
        .innerJoin(mediaFile, eq(mediaFile.id, createdVideo.outputMediaId))
        .where(
          and(
            eq(createdVideo.userId, userId),
            eq(createdVideo.state, 'processed'),
            isNotNull(createdVideo.outputMediaId),
          ),
        )
        .orderBy(desc(createdVideo.createdAt), desc(createdVideo.id))
      return rows.map(({ video, output }) => ({
        id: video.id,
        title: video.title,
        description: video.description,
        output,
        createdAt: video.createdAt,
      }))
    },

    /** The person's slideshows, newest first, each with its exported MP4's media file (null until exported). */
    async userSlideshows(userId: string): Promise<UserLibrarySlideshow[]> {
      return slideshowsWithExport(userId).orderBy(desc(slideshow.createdAt), desc(slideshow.id)).limit(SLIDESHOWS_LIMIT)
    },

    async userSlideshow(userId: string, slideshowId: string): Promise<UserLibrarySlideshow | undefined> {
      const [row] = await slideshowsWithExport(userId, eq(slideshow.id, slideshowId))
      return row
    },

    async userVideo(userId: string, videoId: string): Promise<UserLibraryVideo | undefined> {
      const [row] = await db
        .select({ video: createdVideo, output: mediaFile })
        .from(createdVideo)
        .innerJoin(mediaFile, eq(mediaFile.id, createdVideo.outputMediaId))
        .where(and(eq(createdVideo.userId, userId), eq(createdVideo.id, videoId), eq(createdVideo.state, 'processed')))
      return row
        ? {
            id: row.video.id,
            title: row.video.title,
            description: row.video.description,
            output: row.output,
            createdAt: row.video.createdAt,
          }
        : undefined
    },

    /** Whether the person has a created video by this id at all (processed or not). */
    async hasVideo(userId: string, videoId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: createdVideo.id })
        .from(createdVideo)
        .where(and(eq(createdVideo.userId, userId), eq(createdVideo.id, videoId)))
      return row !== undefined
    },

    async stockCopy(userId: string, stockClipId: string): Promise<MediaRow | undefined> {
      const [row] = await db
        .select()
        .from(mediaFile)
        .where(and(eq(mediaFile.userId, userId), eq(mediaFile.stockClipId, stockClipId)))
      return row
    },

    /** Inserts the person's copy of a stock clip; undefined when another request made it a moment ago. */
    async insertStockCopy(row: NewMediaRow & { stockClipId: string }): Promise<MediaRow | undefined> {
      const [created] = await db
        .insert(mediaFile)
        .values(row)
        .onConflictDoNothing({ target: [mediaFile.userId, mediaFile.stockClipId] })
        .returning()
      return created
    },
  }
}
export type LibraryRepository = ReturnType<typeof createLibraryRepository>
