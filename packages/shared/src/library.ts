import { z } from 'zod'
import { mediaFileSchema } from './posts'

/**
 * The Library (product.md §2 Create tab, §3 library video / demo video): Hookpost's stock clips (real 9:16 MP4s generated
 * with ffmpeg when the server first starts, ADR 012) and the person's own rendered videos, in one list the browser
 * filters (all / user / generic, category, search). Choosing an item makes it a media file of the person's, which
 * `POST /api/videos` takes like an upload.
 */

/** Stock categories: the spec's three, and the hook clips the hook-demo page picks from. */
export const STOCK_CATEGORIES = ['Product Features', 'UI/UX', 'Integration', 'Hooks'] as const
export type StockCategory = (typeof STOCK_CATEGORIES)[number]
export const HOOK_CATEGORY: StockCategory = 'Hooks'
/** The category of the person's own videos. */
export const USER_CATEGORY = 'My Videos'

export const libraryItemSchema = z
  .object({
    /** `stock:<slug>` for a stock clip, `video:<created video id>` for one of the person's rendered videos. */
    id: z.string(),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    /** Same-origin, cookie-authenticated URLs. */
    thumbnailUrl: z.string(),
    videoUrl: z.string(),
    /** Seconds (product.md §3). */
    duration: z.number().nonnegative(),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    isUserContent: z.boolean(),
  })
  .meta({ id: 'LibraryVideo' })
export type LibraryItem = z.infer<typeof libraryItemSchema>

/** `preparing`: the first start is still making stock clips (the list shows those made so far). */
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
export function filterLibrary(items: readonly LibraryItem[], query: LibraryQuery): LibraryItem[] {
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
