import type {
  AutomationOverview,
  AutomationRun,
  AutomationSettings,
  AutomationSettingsInput,
  AutomationSlot,
} from '@hookpost/shared/automation'
import type { LibraryVideo } from '@hookpost/shared/library'
import { mockApi, type ApiReply } from '../../../testing/api-mock'
import type { AccountChoices } from '../components/account-choice'
import type { ImageChoices } from '../components/slideshow-image-selection'
import type { LibraryChoices } from '../components/video-selection'

import { renderWithQueryClient } from '../../../testing/api-mock'
import { AutomationPanel, type AutomationPanelProps } from '../components/automation-panel'
export { installDialogPolyfill, renderWithQueryClient } from '../../../testing/api-mock'

/** What GET /api/automation answers before the person ever saved (the contract's defaults), in Paris. */
export function makeSettings(overrides: Partial<AutomationSettings> = {}): AutomationSettings {
  return {
    enabled: false,
    hookConcept: 'random',
    customConcept: '',
    tone: 'random',
    customTone: '',
    mustInclude: [],
    mayInclude: [],
    customPrompt: '',
    exampleHooks: [],
    days: ['monday', 'wednesday', 'friday'],
    postsPerDay: 3,
    windowStart: '10:00',
    windowEnd: '18:00',
    postingTimes: 'random',
    videoIds: [],
    format: 'video',
    slideshowImageIds: [],
    slidesPerPost: 3,
    accountId: null,
    postSettings: { privacyLevel: null, allowComment: false, allowDuet: false, allowStitch: false },
    reviewBeforePosting: false,
    sendAsDrafts: false,
    timeZone: 'Europe/Paris',
    updatedAt: null,
    ...overrides,
  }
}

/** Automation on with everything a video automation needs, saved. */
export const READY_SETTINGS: Partial<AutomationSettings> = {
  enabled: true,
  accountId: 'acc-1',
  videoIds: ['stock:feature-tour'],
  postSettings: { privacyLevel: 'SELF_ONLY', allowComment: false, allowDuet: false, allowStitch: false },
  updatedAt: '2026-04-15T10:00:00.000Z',
}

/** What the server's History says of a Run Now post (run-now.ts). */
export const RUN_NOW_SUMMARY = 'Made 1 post now: it is posted as soon as its video is ready'

let serial = 0
export function makeSlot(overrides: Partial<AutomationSlot> = {}): AutomationSlot {
  serial += 1
  return {
    id: `slot-${serial}`,
    scheduledAt: '2026-04-20T08:30:00.000Z',
    timeZone: 'Europe/Paris',
    format: 'video',
    sendAsDraft: false,
    sourceTitle: 'Feature tour',
    hookText: 'Nobody tells you this about meal prep',
    title: 'Nobody tells you this about meal prep',
    description: 'The part about meal prep most people skip. Save this for later.\n\n#mealprep #tips',
    state: 'preparing',
    errorMessage: null,
    videoId: null,
    slideshowId: null,
    postId: null,
    hookReason: null,
    timeReason: null,
    approved: false,
    edited: false,
    regenerating: false,
    ...overrides,
  }
}

export function makeRun(overrides: Partial<AutomationRun> = {}): AutomationRun {
  serial += 1
  return {
    id: `run-${serial}`,
    trigger: 'run_now',
    startedAt: '2026-04-20T07:00:00.000Z',
    summary: 'Planned 3 posts for Monday, 20 April',
    slots: [],
    ...overrides,
  }
}

export function makeOverview(
  settings: Partial<AutomationSettings> = {},
  runs: AutomationRun[] = [],
): AutomationOverview {
  return { settings: makeSettings(settings), runs }
}

/**
 * A stand-in for `/api/automation*` over `overview`: GET answers it (or `get`), PUT and run-now answer with `put` /
 * `runNow` when given, else a saved overview (PUT keeps the body; enabled adds a 'settings' run) or a new run.
 */
export function automationApi(
  initial: AutomationOverview,
  options: {
    get?: () => ApiReply
    put?: (body: AutomationSettingsInput) => ApiReply | Promise<ApiReply>
    runNow?: () => ApiReply | Promise<ApiReply>
    regenerate?: (slotId: string) => ApiReply | Promise<ApiReply>
  } = {},
) {
  let overview = initial
  const api = mockApi(({ method, pathname, body }) => {
    if (pathname === '/api/automation' && method === 'GET') {
      return options.get?.() ?? { status: 200, body: overview }
    }
    if (pathname === '/api/automation' && method === 'PUT') {
      const input = body as AutomationSettingsInput
      if (options.put) return options.put(input)
      const runs = input.enabled
        ? [makeRun({ trigger: 'settings', summary: 'Planned 3 posts for Monday, 20 April' }), ...overview.runs]
        : overview.runs
      overview = {
        settings: makeSettings({
          ...(input as Partial<AutomationSettings>),
          timeZone: overview.settings.timeZone,
          updatedAt: '2026-04-15T10:00:00.000Z',
        }),
        runs,
      }
      return { status: 200, body: overview }
    }
    if (pathname === '/api/automation/run-now' && method === 'POST') {
      if (options.runNow) return options.runNow()
      overview = {
        ...overview,
        runs: [
          makeRun({ summary: RUN_NOW_SUMMARY, slots: [makeSlot({ scheduledAt: '2026-04-15T10:00:05.000Z' })] }),
          ...overview.runs,
        ],
      }
      return { status: 200, body: overview }
    }
    const regenerate = /^\/api\/automation\/slots\/([^/]+)\/regenerate$/.exec(pathname)
    if (regenerate && method === 'POST' && options.regenerate) return options.regenerate(regenerate[1]!)
    return { status: 404, body: { code: 'NOT_FOUND', message: 'Not found' } }
  })
  return {
    ...api,
    /** What the server has now (a test may change it, e.g. a slot that rendered, before an event). */
    set: (next: AutomationOverview) => {
      overview = next
    },
    gets: () => api.calls.filter((c) => c.method === 'GET' && c.pathname === '/api/automation'),
    puts: () => api.calls.filter((c) => c.method === 'PUT'),
    runs: () => api.calls.filter((c) => c.pathname === '/api/automation/run-now'),
    regenerations: () => api.calls.filter((c) => c.pathname.endsWith('/regenerate')),
  }
}

export function makeLibraryItem(overrides: Partial<LibraryVideo> = {}): LibraryVideo {
  return {
    id: 'stock:feature-tour',
    title: 'Feature tour',
    description: 'A quick look around',
    category: 'Product Features',
    thumbnailUrl: '/thumb.jpg',
    videoUrl: '/clip.mp4',
    duration: 8,
    width: 1080,
    height: 1920,
    isUserContent: false,
    slideshow: null,
    ...overrides,
  }
}

export const LIBRARY_ITEMS: LibraryVideo[] = [
  makeLibraryItem(),
  makeLibraryItem({ id: 'stock:connect-tools', title: 'Connect your tools', category: 'Integration' }),
  makeLibraryItem({ id: 'video:v1', title: 'My pancakes', category: 'My Videos', isUserContent: true }),
]

export function libraryChoices(overrides: Partial<LibraryChoices> = {}): LibraryChoices {
  return { status: 'success', items: LIBRARY_ITEMS, preparing: false, retrying: false, onRetry: () => {}, ...overrides }
}

/** The gallery: three images (one uploaded, so described by what it is). */
export function imageChoices(overrides: Partial<ImageChoices> = {}): ImageChoices {
  return {
    status: 'success',
    items: [
      { id: 'img-1', url: '/img-1.png', description: 'A bowl of overnight oats' },
      { id: 'img-2', url: '/img-2.png', description: 'Meal prep boxes on a counter' },
      { id: 'img-3', url: '/img-3.png', description: 'An image you uploaded' },
    ],
    retrying: false,
    onRetry: () => {},
    ...overrides,
  }
}

export function accountChoices(overrides: Partial<AccountChoices> = {}): AccountChoices {
  return {
    status: 'success',
    items: [
      { id: 'acc-1', label: 'Ana Cooks (@anacooks) · Sandbox', canPost: true, timeZone: null },
      { id: 'acc-2', label: 'Bake Lab (@bakelab)', canPost: true, timeZone: 'America/New_York' },
    ],
    retrying: false,
    onRetry: () => {},
    ...overrides,
  }
}

/** The Automation tab's panel over `automationApi(overview, options)`, with the test accounts, Library and gallery. */
export function renderAutomationPanel(
  overview: AutomationOverview,
  options: Parameters<typeof automationApi>[1] = {},
  props: Partial<AutomationPanelProps> = {},
) {
  const api = automationApi(overview, options)
  const { queryClient } = renderWithQueryClient(
    <AutomationPanel
      accounts={accountChoices()}
      library={libraryChoices()}
      images={imageChoices()}
      profileTimeZone="Europe/Paris"
      noAccounts={<p>Connect an account first</p>}
      onEditPost={() => undefined}
      {...props}
    />,
  )
  return { ...api, queryClient }
}
