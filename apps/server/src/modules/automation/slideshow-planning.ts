import {
  HOOK_OVERLAY_DEFAULTS,
  OVERLAY_DEFAULTS,
  SLIDESHOW_LIMITS,
  type OverlayStyle,
  type slideshowInputSchema,
  type WrittenSlide,
  type WrittenSlideshow,
} from '@hookpost/shared'
import type { z } from 'zod'

/**
 * The backgrounds of one slideshow: `count` images of the chosen set, least recently used first (never used ones
 * first, in the order chosen). An image appears once per post while the set has enough of them; a smaller set is
 * gone through again in the same order, so no two slides in a row share a background when it has two or more.
 * Marks the ones taken as used now (later than every other use), so the next post of the run starts with the others.
 */
export function pickImages(
  selection: readonly string[],
  lastUsed: Map<string, Date>,
  count: number,
  now: Date,
): string[] {
  if (selection.length === 0 || count <= 0) return []
  const order = [...new Set(selection)]
    .map((id, index) => ({ id, index, at: lastUsed.get(id)?.getTime() ?? -1 }))
    .sort((a, b) => a.at - b.at || a.index - b.index)
    .map((x) => x.id)
  const picked = Array.from({ length: count }, (_, i) => order[i % order.length]!)
  const latest = Math.max(now.getTime(), ...[...lastUsed.values()].map((d) => d.getTime()))
  // In the order used, so among the ones taken the first slide's is the least recent next time too.
  new Set(picked).forEach((id) => lastUsed.set(id, new Date(latest + 1 + picked.indexOf(id))))
  return picked
}

/** The overlay style of each written slide, as the slideshow studio gives it: the hook large, the rest medium. */
export const SLIDE_STYLES: Record<WrittenSlide['role'], OverlayStyle> = {
  hook: HOOK_OVERLAY_DEFAULTS,
  point: OVERLAY_DEFAULTS,
  cta: OVERLAY_DEFAULTS,
}

/**
 * The slides a planned slideshow is made of: the chosen hook on the first slide (it replaces the writer's hook, so the
 * hook rotation works as for videos), then the writer's points and call to action, at most `points` of them.
 */
export function slideTexts(written: WrittenSlideshow, hookText: string, points: number): WrittenSlide[] {
  const body = written.slides.filter((s) => s.role === 'point').slice(0, points)
  const cta = written.slides.find((s) => s.role === 'cta')
  const slides: WrittenSlide[] = [{ role: 'hook', text: hookText }, ...body, ...(cta ? [cta] : [])]
  return slides.filter((s) => s.text.trim() !== '')
}

/** The slideshow to create for a planned post: one slide per written text, on its drawn background. */
export function slideshowInput(input: {
  title: string
  slides: readonly WrittenSlide[]
  imageIds: readonly string[]
}): z.output<typeof slideshowInputSchema> {
  return {
    title: input.title.slice(0, SLIDESHOW_LIMITS.title),
    coverIndex: 0,
    slides: input.slides.slice(0, SLIDESHOW_LIMITS.maxSlides).map((slide, i) => ({
      source: { kind: 'image' as const, imageId: input.imageIds[i % input.imageIds.length]! },
      overlays: [{ id: `automation-${slide.role}-${i}`, text: slide.text, ...SLIDE_STYLES[slide.role] }],
    })),
  }
}
