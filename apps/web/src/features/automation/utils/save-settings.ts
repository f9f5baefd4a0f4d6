import {
  AUTOMATION_MESSAGES,
  type AutomationOverview,
  type AutomationSettings,
  type AutomationSettingsInput,
} from '@hookpost/shared/automation'
import { ApiRequestError } from '../../../lib/api-client'
import { hasUnsavedChanges, problemsFromDetails, validate, type AutomationForm, type Problem } from './form'

export const SAVED_MESSAGE = 'Automation settings saved'

/**
 * Saving can cancel planned posts: turning automation off, or changing settings while it is on (the server plans
 * again). Either is asked first. `touched`: how many of those posts the person approved or edited (ADR 050) — then
 * the question is whether to keep them or replace them too.
 */
export interface SaveQuestion {
  kind: 'off' | 'replan'
  body: AutomationSettingsInput
  touched: number
}

/** What a save does with the waiting posts the person approved or edited (ADR 050). */
export type TouchedChoice = NonNullable<AutomationSettingsInput['approvedOrEdited']>

/**
 * What Save Settings does with the form: refuse it (what to fix), ask first, or send it. `waiting`: the posts
 * automation planned that have not gone out yet.
 */
export function saveStep(
  form: AutomationForm,
  saved: AutomationSettings,
  waiting: { posts: number; touched: number },
):
  | { step: 'refuse'; problems: Problem[] }
  | { step: 'ask'; question: SaveQuestion }
  | { step: 'send'; body: AutomationSettingsInput } {
  const result = validate(form)
  if (!result.ok) return { step: 'refuse', problems: result.problems }
  // Turning it off cancels what it planned and has not posted: ask first.
  const touched = waiting.touched
  if (saved.enabled && !form.enabled) return { step: 'ask', question: { kind: 'off', body: result.body, touched } }
  // Changed settings while on: the server cancels what is waiting (Run Now's posts too) and plans again. Saving
  // without changes keeps them, so only a change asks.
  if (saved.enabled && form.enabled && hasUnsavedChanges(form, saved) && waiting.posts > 0) {
    return { step: 'ask', question: { kind: 'replan', body: result.body, touched } }
  }
  return { step: 'send', body: result.body }
}

/** Said once saved: saving it on plans the coming days, and the answer's newest run (a new one) says what was planned. */
export function savedMessage(next: AutomationOverview, knownRunIds: ReadonlySet<string>): string {
  const planned = next.settings.enabled ? next.runs[0] : undefined
  return planned && !knownRunIds.has(planned.id) ? `${SAVED_MESSAGE}. ${planned.summary}` : SAVED_MESSAGE
}

/** A refused save: a 400's problems go on their fields; any other refusal says the server's words, a failure the spec's. */
export function saveFailure(error: unknown): { problems: Problem[] } | { message: string } {
  if (error instanceof ApiRequestError && error.status < 500) {
    if (error.status === 400) return { problems: problemsFromDetails(error.details, error.message) }
    return { message: error.message }
  }
  return { message: AUTOMATION_MESSAGES.saveFailed }
}
