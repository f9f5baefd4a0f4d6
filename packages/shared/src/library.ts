import { z } from 'zod'
import { mediaFileSchema } from './posts'
import { slideshowExportSchema, type Slideshow } from './slideshows'

/**
 * The Library (product.md §2 Create tab, §3 library video / demo video): Hookpost's stock clips (real 9:16 MP4s generated
 * with ffmpeg when the server first starts, ADR 012), the person's own rendered videos and their slideshows (issue 29,
 * ADR 041), in one list the browser filters (all / user / generic, category, search). Choosing an item makes it a
 * media file of the person's, which `POST /api/videos` takes like an upload; a slideshow can be chosen once it is
 * exported as a video (its MP4 is the media file).
 */

/** Stock categories: the spec's three, and the hook clips the hook-demo page picks from. */
export const STOCK_CATEGORIES = ['Product Features', 'UI/UX', 'Integration', 'Hooks'] as const
export type StockCategory = (typeof STOCK_CATEGORIES)[number]
export const HOOK_CATEGORY: StockCategory = 'Hooks'
/** The category of the person's own videos. */
export const USER_CATEGORY = 'My Videos'
/** The category of the person's slideshows (issue 29). */
export const SLIDESHOW_CATEGORY = 'Slideshows'
/** A slideshow's Library id is this and its id. */
export const SLIDESHOW_ITEM_PREFIX = 'slideshow:'

/** What the Library says of one of the person's slideshows. */
export const librarySlideshowSchema = z.object({
  /** The slideshow's id (`/api/slideshows/:id`). */
  id: z.string(),
  slideCount: z.number().int().positive(),
  /** Its MP4 export (`POST /api/slideshows/:id/export`): only `processed` makes the item a video that can be used. */
  exportState: slideshowExportSchema.shape.state,
})

export const libraryItemSchema = z
  .object({
    /**
     * `stock:<slug>` for a stock clip, `video:<created video id>` for one of the person's rendered videos,
     * `slideshow:<slideshow id>` for one of their slideshows.
     */
    id: z.string(),
    title: z.string(),
    /** A slideshow's: the text on its slides. */
    description: z.string(),
    category: z.string(),
    /** Same-origin, cookie-authenticated URLs. A slideshow's thumbnail is its cover slide. */
    thumbnailUrl: z.string(),
    /** Null for a slideshow not exported as a video: it cannot be used as a video until it is. */
    videoUrl: z.string().nullable(),
    /** Seconds (product.md §3); null when `videoUrl` is. */
    duration: z.number().nonnegative().nullable(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    isUserContent: z.boolean(),
    /** Set for one of the person's slideshows, null for a stock clip or a rendered video. */
    slideshow: librarySlideshowSchema.nullable(),
  })
  .meta({ id: 'LibraryVideo' })
export type LibraryItem = z.infer<typeof libraryItemSchema>
/** An item that is a video now: a stock clip, a rendered video, or a slideshow exported as a video. */
export type LibraryVideo = LibraryItem & { videoUrl: string; duration: number }

/** Whether the item can be used as a video (chosen as a source or demo, rotated by automation). */
export function isLibraryVideo(item: LibraryItem): item is LibraryVideo {
  return item.videoUrl !== null && item.duration !== null
}

/** At most this much of a slideshow's slide text becomes its Library description (what the words search reads). */
const SLIDESHOW_DESCRIPTION_MAX = 500

/**
 * What the Library shows of a slideshow, from the API's view of it: the server builds its items with this, and the
 * web compares a live `slideshow.updated` event with it to know whether its cached Library is out of date. The cover
 * is the rendered cover slide, or its background while the slides are being rendered.
 */
export function slideshowLibraryFacts(slideshow: Slideshow): Pick<
  LibraryItem,
  'id' | 'title' | 'description' | 'category' | 'thumbnailUrl' | 'videoUrl' | 'isUserContent'
> & {
  slideshow: z.infer<typeof librarySlideshowSchema>
} {
  const cover = slideshow.slides[slideshow.coverIndex] ?? slideshow.slides[0]
  const text = slideshow.slides
    .flatMap((slide) => slide.overlays.map((overlay) => overlay.text.trim()))
    .filter(Boolean)
    .join(' · ')
  return {
    id: `${SLIDESHOW_ITEM_PREFIX}${slideshow.id}`,
    title: slideshow.title,
    description: text.length > SLIDESHOW_DESCRIPTION_MAX ? `${text.slice(0, SLIDESHOW_DESCRIPTION_MAX - 1)}…` : text,
    category: SLIDESHOW_CATEGORY,
    thumbnailUrl: cover ? (cover.imageUrl ?? cover.sourceUrl) : '',
    videoUrl: slideshow.export.videoUrl,
    isUserContent: true,
    slideshow: { id: slideshow.id, slideCount: slideshow.slides.length, exportState: slideshow.export.state },
  }
}

/**
 * Stock clips, then the person's rendered videos and slideshows, newest first. `preparing`: the first start is still
 * making stock clips (the list shows those made so far).
 */
export const libraryListSchema = z
  .object({ videos: z.array(libraryItemSchema), preparing: z.boolean() })
  .meta({ id: 'LibraryList' })

export const useLibraryItemInputSchema = z.object({ itemId: z.string().min(1).max(120) }).meta({ id: 'UseLibraryItem' })
/** The media file to pass as `sourceMediaId` / `demoMediaId`. */
export const useLibraryItemResponseSchema = z.object({ media: mediaFileSchema }).meta({ id: 'LibraryItemMedia' })

export const LIBRARY_FILTERS = ['all', 'user', 'generic'] as const
export type LibraryFilter = (typeof LIBRARY_FILTERS)[number]
export const LIBRARY_FILTER_LABELS: Record<LibraryFilter, string> = {
  all: 'All videos',
  user: 'My videos',
  generic: 'Stock videos',
}

export interface LibraryQuery {
  filter: LibraryFilter
  /** A category, or 'all'. */
  category: string
  /** Words to find in the title, description or category (case and accents ignored). */
  search: string
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The items the query keeps, in their order. Every search word must appear somewhere in the item. */
export function filterLibrary<T extends LibraryItem>(items: readonly T[], query: LibraryQuery): T[] {
  const words = fold(query.search).split(/\s+/).filter(Boolean)
  return items.filter((item) => {
    if (query.filter === 'user' && !item.isUserContent) return false
    if (query.filter === 'generic' && item.isUserContent) return false
    if (query.category !== 'all' && item.category !== query.category) return false
    if (words.length === 0) return true
    const haystack = fold(`${item.title} ${item.description} ${item.category}`)
    return words.every((word) => haystack.includes(word))
  })
}

/** The categories present in `items`, stock categories first in their fixed order. */
export function libraryCategories(items: readonly LibraryItem[]): string[] {
  const present = new Set(items.map((i) => i.category))
  const known: string[] = STOCK_CATEGORIES.filter((c) => present.has(c))
  const others = [...present].filter((c) => !known.includes(c)).sort()
  return [...known, ...others]
}
