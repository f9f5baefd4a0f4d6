/**
 * A request the server refused because of the plan (ADR 036: `PLAN_LIMIT`, `TRIAL_ENDED`). The API client announces
 * every such answer here, whichever screen sent it, and the app shows one upgrade prompt (features/plans). The screen
 * that sent it still shows the message in its own place as usual.
 */
export type PlanRefusalCode = 'PLAN_LIMIT' | 'TRIAL_ENDED'
export interface PlanRefusal {
  code: PlanRefusalCode
  message: string
}

const listeners = new Set<(refusal: PlanRefusal) => void>()

export function isPlanRefusalCode(code: string): code is PlanRefusalCode {
  return code === 'PLAN_LIMIT' || code === 'TRIAL_ENDED'
}

export function announcePlanRefusal(refusal: PlanRefusal): void {
  for (const listener of listeners) listener(refusal)
}

/** Subscribes to refusals; returns the unsubscribe. */
export function onPlanRefusal(listener: (refusal: PlanRefusal) => void): () => void {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}
