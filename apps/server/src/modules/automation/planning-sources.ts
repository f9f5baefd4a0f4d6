import { formatUsesSlideshows, formatUsesVideos, isLibraryVideo, type LibraryItem } from '@hookpost/shared'
import type { AutomationSettingsRow } from './automation.repository'
import type { AutomationDeps } from './automation-deps'

/** What a planning run draws from: the chosen Library videos and gallery images still there, and when each was used. */
export interface PlanningSources {
  items: Map<string, LibraryItem>
  selection: string[]
  lastUsed: Map<string, Date>
  images: { selection: string[]; lastUsed: Map<string, Date> }
  /** Why nothing can be planned (every chosen video, or image, is gone); null when something can. */
  missing: string | null
}

export async function planningSources(
  deps: Pick<AutomationDeps, 'repo' | 'library' | 'images'>,
  userId: string,
  row: AutomationSettingsRow,
): Promise<PlanningSources> {
  const { repo, library } = deps
  // Only items that are videos now: a slideshow being exported again, or never exported, is skipped.
  const items = new Map((await library.list(userId)).videos.filter(isLibraryVideo).map((item) => [item.id, item]))
  const selection = row.selectedVideos.filter((id) => items.has(id))
  const lastUsed = await repo.lastUsed(userId)
  // Slideshows (issue 29): backgrounds from the chosen gallery images still there, least recently used first.
  const slideshows = formatUsesSlideshows(row.format)
  const gallery = slideshows ? new Set((await deps.images.listSaved(userId)).map((i) => i.id)) : new Set<string>()
  const images = {
    selection: row.slideshowImageIds.filter((id) => gallery.has(id)),
    lastUsed: slideshows ? await repo.imagesLastUsed(userId) : new Map<string, Date>(),
  }
  const missing =
    formatUsesVideos(row.format) && selection.length === 0
      ? 'Nothing planned: none of the selected videos is in your Library any more'
      : slideshows && images.selection.length === 0
        ? 'Nothing planned: none of the selected images is in your gallery any more'
        : null
  return { items, selection, lastUsed, images, missing }
}
