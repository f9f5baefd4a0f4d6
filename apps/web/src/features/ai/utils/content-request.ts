import { generateContentInputSchema, type ContentTone, type HookConcept } from '@hookpost/shared/ai'

/** The content generator's messages: one per field that has its own, the rest about the form as a whole. */
export type ContentErrors = Partial<
  Record<'accountId' | 'customConcept' | 'customTone' | 'exampleHooks' | 'form', string>
>

const FIELDS_WITH_MESSAGES: readonly string[] = ['accountId', 'customConcept', 'customTone', 'exampleHooks']

/** What the content generator's form holds: keywords stay the text the person typed until they are sent. */
export interface ContentChoices {
  accountId: string
  concept: HookConcept
  tone: ContentTone
  customConcept: string
  customTone: string
  mustInclude: string
  mayInclude: string
  customText: string
  customPrompt: string
  examples: string[]
}

/** "budget, meal prep ,, " → ['budget', 'meal prep'] */
export function keywords(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
}

/**
 * The form checked with the contract the server uses (same messages): the body to send, or the first message for
 * each field, in the contract's order.
 */
export function contentRequest(choices: ContentChoices) {
  const parsed = generateContentInputSchema.safeParse({
    accountId: choices.accountId,
    hookConcept: choices.concept,
    tone: choices.tone,
    mustInclude: keywords(choices.mustInclude),
    mayInclude: keywords(choices.mayInclude),
    customConcept: choices.customConcept,
    customTone: choices.customTone,
    customText: choices.customText,
    customPrompt: choices.customPrompt,
    exampleHooks: choices.examples,
  })
  if (parsed.success) return { ok: true as const, body: parsed.data }
  const errors: ContentErrors = {}
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form')
    const field = (FIELDS_WITH_MESSAGES.includes(key) ? key : 'form') as keyof ContentErrors
    errors[field] ??= issue.message
  }
  return { ok: false as const, errors }
}
