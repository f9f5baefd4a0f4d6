import { describe, expect, it } from 'vitest'
import { OVERLAY_DEFAULTS } from './studio/overlay-spec'
import type { Slideshow } from './slideshows'
import {
  filterLibrary,
  HOOK_CATEGORY,
  isLibraryVideo,
  LIBRARY_FILTER_LABELS,
  LIBRARY_FILTERS,
  libraryCategories,
  libraryItemSchema,
  libraryListSchema,
  SLIDESHOW_CATEGORY,
  slideshowLibraryFacts,
  STOCK_CATEGORIES,
  USER_CATEGORY,
  type LibraryItem,
  type LibraryQuery,
} from './library'

function item(id: string, overrides: Partial<LibraryItem> = {}): LibraryItem {
  return {
    id,
    title: `Title ${id}`,
    description: '',
    category: 'Product Features',
    thumbnailUrl: `/thumb/${id}`,
    videoUrl: `/video/${id}`,
    duration: 4,
    width: 720,
    height: 1280,
    isUserContent: false,
    slideshow: null,
    ...overrides,
  }
}

const featureTour = item('stock:feature-tour', {
  title: 'Feature tour',
  description: 'A bright product feature reveal',
  category: 'Product Features',
})
const cleanInterface = item('stock:clean-interface', {
  title: 'Clean interface',
  description: 'Calm, minimal motion for a polished UI',
  category: 'UI/UX',
})
const connect = item('stock:connect-your-tools', {
  title: 'Connect your tools',
  description: 'Integrations, sync and automation',
  category: 'Integration',
})
const hook = item('stock:hook-wait-for-it', { title: 'Wait for it…', description: 'A teaser', category: 'Hooks' })
const mine = item('video:1', {
  title: 'Café launch',
  description: 'Our crème brûlée feature',
  category: USER_CATEGORY,
  isUserContent: true,
})
const mineToo = item('video:2', {
  title: 'Weekly update',
  description: 'Release notes',
  category: USER_CATEGORY,
  isUserContent: true,
})
const all = [featureTour, cleanInterface, mine, connect, hook, mineToo]

const query = (overrides: Partial<LibraryQuery> = {}): LibraryQuery => ({
  filter: 'all',
  category: 'all',
  search: '',
  ...overrides,
})
const ids = (items: LibraryItem[]) => items.map((i) => i.id)

describe('filterLibrary', () => {
  it('keeps everything, in order, for the empty query (and a blank search)', () => {
    expect(filterLibrary(all, query())).toEqual(all)
    expect(filterLibrary(all, query({ search: '   \t ' }))).toEqual(all)
    expect(filterLibrary([], query({ search: 'x' }))).toEqual([])
  })

  it('does not change or reorder the list it is given', () => {
    const copy = [...all]
    filterLibrary(all, query({ filter: 'user', search: 'launch' }))
    expect(all).toEqual(copy)
  })

  it('"user" keeps only the person’s own videos, "generic" only stock clips', () => {
    expect(ids(filterLibrary(all, query({ filter: 'user' })))).toEqual(['video:1', 'video:2'])
    expect(ids(filterLibrary(all, query({ filter: 'generic' })))).toEqual([
      'stock:feature-tour',
      'stock:clean-interface',
      'stock:connect-your-tools',
      'stock:hook-wait-for-it',
    ])
  })

  it('keeps one category, exactly (not a prefix or a search)', () => {
    expect(ids(filterLibrary(all, query({ category: 'UI/UX' })))).toEqual(['stock:clean-interface'])
    expect(ids(filterLibrary(all, query({ category: USER_CATEGORY })))).toEqual(['video:1', 'video:2'])
    expect(filterLibrary(all, query({ category: 'Product' }))).toEqual([])
    expect(filterLibrary(all, query({ category: 'ui/ux' }))).toEqual([])
    expect(filterLibrary(all, query({ category: 'Nope' }))).toEqual([])
  })

  it('combines filter, category and search', () => {
    expect(filterLibrary(all, query({ filter: 'generic', category: USER_CATEGORY }))).toEqual([])
    expect(filterLibrary(all, query({ filter: 'user', category: 'Integration' }))).toEqual([])
    expect(ids(filterLibrary(all, query({ filter: 'generic', category: 'all', search: 'feature' })))).toEqual([
      'stock:feature-tour',
    ])
    expect(ids(filterLibrary(all, query({ filter: 'all', search: 'feature' })))).toEqual([
      'stock:feature-tour',
      'video:1',
    ])
    expect(ids(filterLibrary(all, query({ filter: 'user', search: 'feature' })))).toEqual(['video:1'])
  })

  it('searches title, description and category', () => {
    expect(ids(filterLibrary(all, query({ search: 'tour' })))).toEqual(['stock:feature-tour'])
    expect(ids(filterLibrary(all, query({ search: 'automation' })))).toEqual(['stock:connect-your-tools'])
    expect(ids(filterLibrary(all, query({ search: 'hooks' })))).toEqual(['stock:hook-wait-for-it'])
    expect(ids(filterLibrary(all, query({ search: 'my videos' })))).toEqual(['video:1', 'video:2'])
    expect(ids(filterLibrary(all, query({ search: 'ui/ux' })))).toEqual(['stock:clean-interface'])
  })

  it('needs every word, in any order and anywhere in the item, with any spacing', () => {
    expect(ids(filterLibrary(all, query({ search: 'tools connect' })))).toEqual(['stock:connect-your-tools'])
    // "product" is in the category, "bright" in the description.
    expect(ids(filterLibrary(all, query({ search: '  bright \n PRODUCT  ' })))).toEqual(['stock:feature-tour'])
    expect(filterLibrary(all, query({ search: 'connect feature' }))).toEqual([])
    expect(ids(filterLibrary(all, query({ search: 'eat' })))).toEqual(['stock:feature-tour', 'video:1'])
  })

  it('ignores case and accents, in the items and in the search', () => {
    expect(ids(filterLibrary(all, query({ search: 'CAFE' })))).toEqual(['video:1'])
    expect(ids(filterLibrary(all, query({ search: 'creme brulee' })))).toEqual(['video:1'])
    expect(ids(filterLibrary(all, query({ search: 'Crème BRÛLÉE' })))).toEqual(['video:1'])
    expect(ids(filterLibrary(all, query({ search: 'cálm' })))).toEqual(['stock:clean-interface'])
    // A decomposed "é" (e + combining acute) matches too.
    expect(ids(filterLibrary(all, query({ search: 'cafe\u0301' })))).toEqual(['video:1'])
    expect(ids(filterLibrary(all, query({ search: 'WAIT FOR IT…' })))).toEqual(['stock:hook-wait-for-it'])
  })
})

describe('libraryCategories', () => {
  it('lists the stock categories present in their fixed order, then the others alphabetically, once each', () => {
    expect(libraryCategories(all)).toEqual(['Product Features', 'UI/UX', 'Integration', 'Hooks', USER_CATEGORY])
    expect(libraryCategories([mine, hook, connect, featureTour, hook, mine])).toEqual([
      'Product Features',
      'Integration',
      'Hooks',
      USER_CATEGORY,
    ])
    expect(
      libraryCategories([item('a', { category: 'Zebra' }), item('b', { category: 'Apple' }), cleanInterface]),
    ).toEqual(['UI/UX', 'Apple', 'Zebra'])
  })

  it('is empty for no items', () => {
    expect(libraryCategories([])).toEqual([])
  })
})

describe('library contracts', () => {
  it('has the spec’s stock categories, the hook category and three filters', () => {
    expect(STOCK_CATEGORIES).toEqual(['Product Features', 'UI/UX', 'Integration', 'Hooks'])
    expect(STOCK_CATEGORIES).toContain(HOOK_CATEGORY)
    expect(STOCK_CATEGORIES).not.toContain(USER_CATEGORY)
    expect(Object.keys(LIBRARY_FILTER_LABELS).sort()).toEqual([...LIBRARY_FILTERS].sort())
  })

  it('parses a list and refuses a malformed item', () => {
    expect(libraryListSchema.parse({ videos: all, preparing: false })).toEqual({ videos: all, preparing: false })
    expect(libraryItemSchema.safeParse({ ...featureTour, duration: -1 }).success).toBe(false)
    expect(libraryItemSchema.safeParse({ ...featureTour, width: 0 }).success).toBe(false)
    expect(libraryItemSchema.safeParse({ ...featureTour, height: 1.5 }).success).toBe(false)
    expect(libraryListSchema.safeParse({ videos: all }).success).toBe(false)
  })
})

describe('slideshows in the library', () => {
  const slide = (i: number, texts: string[], rendered: boolean): Slideshow['slides'][number] => ({
    source: { kind: 'image', imageId: `img-${i}` },
    overlays: texts.map((text, j) => ({ ...OVERLAY_DEFAULTS, id: `o${i}-${j}`, text })),
    sourceUrl: `/api/images/img-${i}/file`,
    imageUrl: rendered ? `/api/slideshows/photo-sets/ps/images/${i}` : null,
  })
  const show = (overrides: Partial<Slideshow> = {}): Slideshow => ({
    id: 's1',
    title: 'Morning routine',
    slides: [slide(0, ['Three habits'], true), slide(1, [' Coffee first ', ''], true), slide(2, [], true)],
    coverIndex: 1,
    state: 'processed',
    progress: 100,
    errorMessage: null,
    photoSetId: 'ps',
    export: { state: 'none', progress: 0, secondsPerSlide: 3, errorMessage: null, mediaId: null, videoUrl: null },
    createdAt: '2027-01-10T12:00:00.000Z',
    updatedAt: '2027-01-10T12:00:00.000Z',
    ...overrides,
  })

  it('shows a slideshow by its rendered cover, its slides’ words, its slide count and its export', () => {
    expect(slideshowLibraryFacts(show())).toEqual({
      id: 'slideshow:s1',
      title: 'Morning routine',
      description: 'Three habits · Coffee first',
      category: SLIDESHOW_CATEGORY,
      thumbnailUrl: '/api/slideshows/photo-sets/ps/images/1',
      videoUrl: null,
      isUserContent: true,
      slideshow: { id: 's1', slideCount: 3, exportState: 'none' },
    })
    // While an edit renders, the cover's background stands in for it.
    const rendering = show({ state: 'rendering', slides: [slide(0, [], false), slide(1, [], false)] })
    expect(slideshowLibraryFacts(rendering).thumbnailUrl).toBe('/api/images/img-1/file')
    const exported = show({
      export: { ...show().export, state: 'processed', mediaId: 'm1', videoUrl: '/api/media/m1/file' },
    })
    expect(slideshowLibraryFacts(exported)).toMatchObject({
      videoUrl: '/api/media/m1/file',
      slideshow: { exportState: 'processed' },
    })
  })

  it('keeps a long slide text to a description of 500 characters', () => {
    const long = show({ slides: Array.from({ length: 8 }, (_, i) => slide(i, ['x'.repeat(100)], true)) })
    const { description } = slideshowLibraryFacts(long)
    expect(description).toHaveLength(500)
    expect(description.endsWith('…')).toBe(true)
  })

  it('is a video only with a video file and a length', () => {
    expect(isLibraryVideo(featureTour)).toBe(true)
    const facts = slideshowLibraryFacts(show())
    const notYet: LibraryItem = { ...facts, duration: null, width: 1080, height: 1920 }
    expect(isLibraryVideo(notYet)).toBe(false)
    expect(isLibraryVideo({ ...notYet, videoUrl: '/api/media/m1/file', duration: 9 })).toBe(true)
    expect(libraryItemSchema.parse(notYet)).toEqual(notYet)
    expect(libraryItemSchema.safeParse({ ...notYet, slideshow: { ...notYet.slideshow, slideCount: 0 } }).success).toBe(
      false,
    )
  })

  it('finds slideshows by their category and the words on their slides, as the person’s own', () => {
    const slideshowItem: LibraryItem = { ...slideshowLibraryFacts(show()), duration: null, width: 1080, height: 1920 }
    const items = [...all, slideshowItem]
    expect(ids(filterLibrary(items, query({ category: SLIDESHOW_CATEGORY })))).toEqual(['slideshow:s1'])
    expect(ids(filterLibrary(items, query({ search: 'coffee' })))).toEqual(['slideshow:s1'])
    expect(ids(filterLibrary(items, query({ filter: 'user' })))).toContain('slideshow:s1')
    expect(ids(filterLibrary(items, query({ filter: 'generic' })))).not.toContain('slideshow:s1')
    expect(libraryCategories(items).slice(-2)).toEqual([USER_CATEGORY, SLIDESHOW_CATEGORY])
  })
})
