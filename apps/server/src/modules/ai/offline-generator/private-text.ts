import { guardWords, privateRuns } from '../caption-guard'

/**
 * Whether a text quotes the account's private Account Description, by the caption guard's own rule (caption-guard.ts,
 * ADR 018), with the runs worked out once per request: the offline writer drops such a hook before anyone sees it,
 * so the automation's guard never has to refuse one of ours.
 */
export function privateTextIn(account: {
  targetAudience: string
  niche: string
  appGoals: string
}): (text: string) => boolean {
  const runs = privateRuns([
    { name: 'target audience', text: account.targetAudience },
    { name: 'niche', text: account.niche },
    { name: 'app goals', text: account.appGoals },
  ]).map((r) => r.run)
  return (text) => {
    if (runs.length === 0) return false
    const compact = guardWords(text).join('')
    return runs.some((run) => compact.includes(run))
  }
}
