import {
  AUTOMATION_LIMITS,
  automationSettingsInputSchema,
  WEEKDAYS,
  type AutomationConcept,
  type AutomationFormat,
  type AutomationPostSettings,
  type AutomationSettings,
  type AutomationSettingsInput,
  type AutomationTone,
  type PostingTimes,
  type Weekday,
} from '@hookpost/shared/automation'

/** The four sub-tabs (product.md §2 Automation tab), in their order. */
export const AUTOMATION_TABS = [
  { key: 'content', label: 'Content Settings' },
  { key: 'schedule', label: 'Schedule Settings' },
  { key: 'videos', label: 'Video Selection' },
  { key: 'advanced', label: 'Advanced Settings' },
] as const
export type AutomationTab = (typeof AUTOMATION_TABS)[number]['key']

export function tabLabel(tab: AutomationTab): string {
  return AUTOMATION_TABS.find((t) => t.key === tab)?.label ?? tab
}

/** Where a field is, for "Go to …": its sub-tab, or the account choice above them. */
export function fieldPlace(field: FieldKey): string {
  const tab: AutomationTab | null = FIELD_TABS[field]
  return tab ? tabLabel(tab) : 'TikTok account'
}

/**
 * What the four sub-tabs and the toggle edit, as one value (switching tabs keeps every edit). Keywords stay the text
 * the person typed ("budget, meal prep") until they are saved.
 */
export interface AutomationForm {
  enabled: boolean
  hookConcept: AutomationConcept
  customConcept: string
  tone: AutomationTone
  customTone: string
  mustInclude: string
  mayInclude: string
  customPrompt: string
  exampleHooks: string[]
  days: Weekday[]
  postsPerDay: number
  windowStart: string
  windowEnd: string
  postingTimes: PostingTimes
  videoIds: string[]
  format: AutomationFormat
  slideshowImageIds: string[]
  slidesPerPost: number
  accountId: string | null
  postSettings: AutomationPostSettings
  reviewBeforePosting: boolean
  sendAsDrafts: boolean
}

export function formFromSettings(s: AutomationSettings): AutomationForm {
  return {
    enabled: s.enabled,
    hookConcept: s.hookConcept,
    customConcept: s.customConcept,
    tone: s.tone,
    customTone: s.customTone,
    mustInclude: s.mustInclude.join(', '),
    mayInclude: s.mayInclude.join(', '),
    customPrompt: s.customPrompt,
    exampleHooks: [...s.exampleHooks],
    days: sortDays(s.days),
    postsPerDay: s.postsPerDay,
    windowStart: s.windowStart,
    windowEnd: s.windowEnd,
    postingTimes: s.postingTimes,
    videoIds: [...s.videoIds],
    format: s.format,
    slideshowImageIds: [...s.slideshowImageIds],
    slidesPerPost: s.slidesPerPost,
    accountId: s.accountId,
    postSettings: { ...s.postSettings },
    reviewBeforePosting: s.reviewBeforePosting,
    sendAsDrafts: s.sendAsDrafts,
  }
}

/** "budget, meal prep ,, " → ['budget', 'meal prep'] (as the content generator reads its keywords). */
export function keywords(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
}

/** Monday first, each day once. */
export function sortDays(days: readonly Weekday[]): Weekday[] {
  return WEEKDAYS.filter((d) => days.includes(d))
}

/** The form as `PUT /api/automation` takes it (before the contract trims and fills in defaults). */
export function toInput(form: AutomationForm): AutomationSettingsInput {
  return {
    enabled: form.enabled,
    hookConcept: form.hookConcept,
    customConcept: form.customConcept,
    tone: form.tone,
    customTone: form.customTone,
    mustInclude: keywords(form.mustInclude),
    mayInclude: keywords(form.mayInclude),
    customPrompt: form.customPrompt,
    exampleHooks: form.exampleHooks,
    days: sortDays(form.days),
    postsPerDay: form.postsPerDay,
    windowStart: form.windowStart,
    windowEnd: form.windowEnd,
    postingTimes: form.postingTimes,
    videoIds: form.videoIds,
    format: form.format,
    slideshowImageIds: form.slideshowImageIds,
    slidesPerPost: form.slidesPerPost,
    accountId: form.accountId,
    postSettings: form.postSettings,
    reviewBeforePosting: form.reviewBeforePosting,
    sendAsDrafts: form.sendAsDrafts,
  }
}

/** Whether the form differs from what is saved (Run Now uses the saved settings). */
export function hasUnsavedChanges(form: AutomationForm, saved: AutomationSettings): boolean {
  return JSON.stringify(toInput(form)) !== JSON.stringify(toInput(formFromSettings(saved)))
}

// --- Problems: where a message belongs, and on which sub-tab ---

export const FIELD_TABS = {
  hookConcept: 'content',
  customConcept: 'content',
  tone: 'content',
  customTone: 'content',
  mustInclude: 'content',
  mayInclude: 'content',
  customPrompt: 'content',
  exampleHooks: 'content',
  days: 'schedule',
  postsPerDay: 'schedule',
  windowStart: 'schedule',
  windowEnd: 'schedule',
  postingTimes: 'schedule',
  videoIds: 'videos',
  format: 'videos',
  slideshowImageIds: 'videos',
  slidesPerPost: 'videos',
  // Above the sub-tabs (issue 30 item 11): on none of them.
  accountId: null,
  sendAsDrafts: 'advanced',
  'postSettings.privacyLevel': 'advanced',
  'postSettings.allowComment': 'advanced',
  'postSettings.allowDuet': 'advanced',
  'postSettings.allowStitch': 'advanced',
} as const satisfies Record<string, AutomationTab | null>
export type FieldKey = keyof typeof FIELD_TABS

/** A message for the person, on its field when it has one (null: about the settings as a whole). */
export interface Problem {
  field: FieldKey | null
  message: string
}

/** `['postSettings', 'privacyLevel']`, `'exampleHooks.2'` → the field it is about, if the form has it. */
export function fieldOf(path: readonly PropertyKey[] | string): FieldKey | null {
  const parts = typeof path === 'string' ? path.split('.').filter(Boolean) : path.map(String)
  const [first, second] = parts
  const key = first === 'postSettings' && second !== undefined ? `postSettings.${second}` : first
  return key !== undefined && key in FIELD_TABS ? (key as FieldKey) : null
}

const KEYWORD_LIMITS = 'Use at most 10 keywords, each at most 50 characters'

/**
 * Checks the form with the contract the server uses (same messages, product.md §5/§8). Valid: the exact body to send.
 * Invalid: one message per field, in the contract's order.
 */
export function validate(
  form: AutomationForm,
): { ok: true; body: AutomationSettingsInput } | { ok: false; problems: Problem[] } {
  const parsed = automationSettingsInputSchema.safeParse(toInput(form))
  if (parsed.success) return { ok: true, body: parsed.data }
  const problems: Problem[] = []
  for (const issue of parsed.error.issues) {
    const field = fieldOf(issue.path)
    // zod's own words for a keyword list that is too long are not for people; the contract's custom one is.
    const message =
      (field === 'mustInclude' || field === 'mayInclude') && issue.code !== 'custom' ? KEYWORD_LIMITS : issue.message
    if (problems.some((p) => p.field === field && (field !== null || p.message === message))) continue
    problems.push({ field, message })
  }
  return { ok: false, problems }
}

/** A 400's `details` as problems; without details, its message is about the settings as a whole. */
export function problemsFromDetails(
  details: readonly { path: string; message: string }[] | undefined,
  message: string,
): Problem[] {
  const problems: Problem[] = []
  for (const detail of details ?? []) {
    const field = fieldOf(detail.path)
    if (problems.some((p) => p.field === field && (field !== null || p.message === detail.message))) continue
    problems.push({ field, message: detail.message })
  }
  return problems.length > 0 ? problems : [{ field: null, message }]
}

/** The first message about each field. */
export function errorsByField(problems: readonly Problem[]): Partial<Record<FieldKey, string>> {
  const out: Partial<Record<FieldKey, string>> = {}
  for (const p of problems) if (p.field) out[p.field] ??= p.message
  return out
}

export function problemCount(problems: readonly Problem[], tab: AutomationTab): number {
  return problems.filter((p) => p.field !== null && FIELD_TABS[p.field] === tab).length
}

/** Which fields a change can fix: their messages go once it is made. */
function touchedFields(patch: Partial<AutomationForm>): FieldKey[] {
  const fields: FieldKey[] = []
  for (const key of Object.keys(patch) as (keyof AutomationForm)[]) {
    switch (key) {
      case 'enabled':
        // What enabling needs (product.md §5) is asked again on the next save.
        fields.push('accountId', 'videoIds', 'slideshowImageIds', 'days', 'postSettings.privacyLevel')
        break
      case 'postSettings':
        fields.push(
          'postSettings.privacyLevel',
          'postSettings.allowComment',
          'postSettings.allowDuet',
          'postSettings.allowStitch',
        )
        break
      case 'windowStart':
      case 'windowEnd':
      case 'postsPerDay':
        fields.push('windowStart', 'windowEnd', 'postsPerDay')
        break
      case 'hookConcept':
        fields.push('hookConcept', 'customConcept')
        break
      case 'tone':
        fields.push('tone', 'customTone')
        break
      case 'format':
        // Which of videos and images are needed changes with it.
        fields.push('format', 'videoIds', 'slideshowImageIds')
        break
      case 'sendAsDrafts':
        // Drafts need no privacy here, and at most TikTok's daily drafts.
        fields.push('sendAsDrafts', 'postSettings.privacyLevel', 'postsPerDay')
        break
      case 'customConcept':
      case 'customTone':
      case 'mustInclude':
      case 'mayInclude':
      case 'customPrompt':
      case 'exampleHooks':
      case 'days':
      case 'postingTimes':
      case 'videoIds':
      case 'slideshowImageIds':
      case 'slidesPerPost':
      case 'accountId':
        fields.push(key)
        break
      case 'reviewBeforePosting':
        // A switch with no rule of its own: nothing it could fix.
        break
    }
  }
  return fields
}

/**
 * The problems left once `patch` is made: those on the fields it can fix go, those about the settings as a whole
 * stay. The same array when none went (nothing to render again).
 */
export function problemsAfterChange(problems: Problem[], patch: Partial<AutomationForm>): Problem[] {
  const fixed = new Set(touchedFields(patch))
  const next = problems.filter((p) => p.field === null || !fixed.has(p.field))
  return next.length === problems.length ? problems : next
}

export const POSTS_PER_DAY_CHOICES = Array.from(
  { length: AUTOMATION_LIMITS.postsPerDayMax - AUTOMATION_LIMITS.postsPerDayMin + 1 },
  (_, i) => AUTOMATION_LIMITS.postsPerDayMin + i,
)

/** How a sub-tab changes the form: the fields it sets. */
export type FormChange = (patch: Partial<AutomationForm>) => void
