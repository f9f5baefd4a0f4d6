import {
  SLIDESHOW_LIMITS,
  slideshowInputSchema,
  type SlideSource,
  type Slideshow,
  type SlideshowInput,
  type WrittenSlideshow,
} from '@hookpost/shared/slideshows'
import {
  HOOK_OVERLAY_DEFAULTS,
  OVERLAY_DEFAULTS,
  type OverlayAnchor,
  type OverlayStyle,
  type TextOverlay,
} from '@hookpost/shared/studio'
import { emptyDraft, moveOverlay, newOverlayId, overlayFromDraft, overlayFromText, type OverlayDraft } from './overlays'

/**
 * The slideshow studio's draft (issue 29): the title, the slides in order (each a background and its own text
 * overlays, the same overlay model as a video), which one is the cover and which one is being edited. Slides are told
 * apart by a key of their own, so the cover and the selection follow a slide as it moves.
 */

/** Where the editor shows a slide's background: a gallery image, or the server's still of a video at a moment. */
export type SlideBackground = { kind: 'image'; url: string }

export type DraftSlide = {
  key: string
  source: SlideSource
  background: SlideBackground
  /** What the background is, in words (its thumbnail's text alternative). */
  name: string
  overlays: TextOverlay[]
}

export type SlideshowDraft = {
  /** The slideshow being edited; null for a new one. */
  id: string | null
  title: string
  slides: DraftSlide[]
  coverKey: string | null
  selectedKey: string | null
  /** The Add text overlay form of the selected slide. */
  newOverlay: OverlayDraft
}

export type SlideshowErrors = Partial<Record<'title' | 'slides', string>>

export type SlideshowDraftAction =
  | { type: 'titleChanged'; title: string }
  | { type: 'slideAdded'; slide: Omit<DraftSlide, 'key' | 'overlays'> }
  | { type: 'slideRemoved'; key: string }
  | { type: 'slideMoved'; from: number; to: number }
  | { type: 'coverChosen'; key: string }
  | { type: 'slideSelected'; key: string }
  | { type: 'newOverlayChanged'; newOverlay: OverlayDraft }
  | { type: 'overlayAdded' }
  | { type: 'overlayApplied'; overlay: TextOverlay }
  | { type: 'overlayUpdated'; overlay: TextOverlay }
  | { type: 'overlayMoved'; from: number; to: number }
  | { type: 'overlayRemoved'; id: string }
  | { type: 'overlayPlaced'; id: string; anchor: OverlayAnchor }
  | { type: 'written'; written: WrittenSlideshow }
  | { type: 'loaded'; slideshow: Slideshow }
  | { type: 'reset' }

let keyCounter = 0
function newSlideKey(): string {
  keyCounter += 1
  return `slide-${keyCounter}`
}

export function emptySlideshowDraft(): SlideshowDraft {
  return { id: null, title: '', slides: [], coverKey: null, selectedKey: null, newOverlay: emptyDraft() }
}

export function slideIndex(draft: SlideshowDraft, key: string | null): number {
  return draft.slides.findIndex((s) => s.key === key)
}

export function coverIndex(draft: SlideshowDraft): number {
  return Math.max(0, slideIndex(draft, draft.coverKey))
}

export function selectedSlide(draft: SlideshowDraft): DraftSlide | null {
  return draft.slides.find((s) => s.key === draft.selectedKey) ?? null
}

/** A slide of a saved slideshow, as the editor shows it: its background from the server's `sourceUrl`. */
export function slideFromSaved(slide: Slideshow['slides'][number], position: number): DraftSlide {
  return {
    key: newSlideKey(),
    source: slide.source,
    // A clip slide's `sourceUrl` is the server's still of the video at that moment: an image either way.
    background: { kind: 'image', url: slide.sourceUrl },
    name: slide.source.kind === 'clip' ? `Still ${position + 1}` : `Image ${position + 1}`,
    overlays: slide.overlays,
  }
}

function withSelectedOverlays(state: SlideshowDraft, change: (overlays: TextOverlay[]) => TextOverlay[]) {
  return {
    ...state,
    slides: state.slides.map((s) => (s.key === state.selectedKey ? { ...s, overlays: change(s.overlays) } : s)),
  }
}

/** The style of each written slide: the hook large, as AI hooks are; points and the call to action medium. */
const WRITTEN_STYLES: Record<WrittenSlideshow['slides'][number]['role'], OverlayStyle> = {
  hook: HOOK_OVERLAY_DEFAULTS,
  point: OVERLAY_DEFAULTS,
  cta: OVERLAY_DEFAULTS,
}

/**
 * The AI writer's slides put on the slideshow: slide i gets written slide i's text as its only overlay, its background
 * kept; slides are added (their backgrounds taken in turn from the slides there) when the text needs more of them.
 */
export function applyWritten(state: SlideshowDraft, written: WrittenSlideshow): SlideshowDraft {
  if (state.slides.length === 0) return state
  const count = Math.min(SLIDESHOW_LIMITS.maxSlides, Math.max(state.slides.length, written.slides.length))
  const slides: DraftSlide[] = []
  for (let i = 0; i < count; i++) {
    const existing = state.slides[i]
    const base = existing ?? { ...state.slides[i % state.slides.length]!, key: newSlideKey() }
    const text = written.slides[i]
    slides.push(text ? { ...base, overlays: [overlayFromText(text.text, WRITTEN_STYLES[text.role])] } : base)
  }
  return {
    ...state,
    title: state.title.trim() ? state.title : written.title.slice(0, SLIDESHOW_LIMITS.title),
    slides,
    selectedKey: slides[0]!.key,
  }
}

export function slideshowDraftReducer(state: SlideshowDraft, action: SlideshowDraftAction): SlideshowDraft {
  switch (action.type) {
    case 'titleChanged':
      return { ...state, title: action.title }
    case 'slideAdded': {
      if (state.slides.length >= SLIDESHOW_LIMITS.maxSlides) return state
      const slide: DraftSlide = { ...action.slide, key: newSlideKey(), overlays: [] }
      return {
        ...state,
        slides: [...state.slides, slide],
        coverKey: state.coverKey ?? slide.key,
        selectedKey: slide.key,
      }
    }
    case 'slideRemoved': {
      const index = slideIndex(state, action.key)
      if (index === -1) return state
      const slides = state.slides.filter((s) => s.key !== action.key)
      const neighbour = slides[Math.min(index, slides.length - 1)]?.key ?? null
      return {
        ...state,
        slides,
        coverKey: state.coverKey === action.key ? (slides[0]?.key ?? null) : state.coverKey,
        selectedKey: state.selectedKey === action.key ? neighbour : state.selectedKey,
      }
    }
    case 'slideMoved':
      return { ...state, slides: moveOverlay(state.slides, action.from, action.to) }
    case 'coverChosen':
      return { ...state, coverKey: action.key }
    case 'slideSelected':
      return { ...state, selectedKey: action.key }
    case 'newOverlayChanged':
      return { ...state, newOverlay: action.newOverlay }
    case 'overlayAdded': {
      const next = withSelectedOverlays(state, (o) => [...o, overlayFromDraft(state.newOverlay, newOverlayId())])
      // The style stays for the next overlay; the words and times start over.
      return { ...next, newOverlay: { ...state.newOverlay, text: '', start: '', end: '', anchor: null } }
    }
    case 'overlayApplied':
      return withSelectedOverlays(state, (o) => [...o, action.overlay])
    case 'overlayUpdated':
      return withSelectedOverlays(state, (o) => o.map((x) => (x.id === action.overlay.id ? action.overlay : x)))
    case 'overlayMoved':
      return withSelectedOverlays(state, (o) => moveOverlay(o, action.from, action.to))
    case 'overlayRemoved':
      return withSelectedOverlays(state, (o) => o.filter((x) => x.id !== action.id))
    case 'overlayPlaced':
      return withSelectedOverlays(state, (o) =>
        o.map((x) => (x.id === action.id ? { ...x, anchor: action.anchor } : x)),
      )
    case 'written':
      return applyWritten(state, action.written)
    case 'loaded': {
      const slides = action.slideshow.slides.map(slideFromSaved)
      return {
        ...emptySlideshowDraft(),
        id: action.slideshow.id,
        title: action.slideshow.title,
        slides,
        coverKey: slides[action.slideshow.coverIndex]?.key ?? slides[0]?.key ?? null,
        selectedKey: slides[0]?.key ?? null,
      }
    }
    case 'reset':
      return emptySlideshowDraft()
  }
}

/** The body of POST/PUT /api/slideshows, or what to fix first (the contract's own checks, said at their fields). */
export function checkSlideshowDraft(
  draft: SlideshowDraft,
): { ok: true; input: SlideshowInput } | { ok: false; errors: SlideshowErrors } {
  const input: SlideshowInput = {
    title: draft.title,
    slides: draft.slides.map((s) => ({ source: s.source, overlays: s.overlays })),
    coverIndex: coverIndex(draft),
  }
  const parsed = slideshowInputSchema.safeParse(input)
  if (parsed.success) return { ok: true, input }
  const errors: SlideshowErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'title' ? 'title' : 'slides'
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}
