import { describe, expect, it } from 'vitest'
import {
  filterLibrary,
  HOOK_CATEGORY,
  LIBRARY_FILTER_LABELS,
  LIBRARY_FILTERS,
  libraryCategories,
  libraryItemSchema,
  libraryListSchema,
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
