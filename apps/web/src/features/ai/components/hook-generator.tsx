import { useCallback, useId, useState } from 'react'
import { AI_MESSAGES, type HookSuggestion } from '@hookpost/shared/ai'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { Spinner } from '../../../components/ui/spinner'
import { useGenerateHooks } from '../api/generate-hooks'
import { aiErrorMessage, withReason } from '../utils/errors'
import { WRITER_LABELS, type AiProvider } from '../utils/providers'
import { AccountSelect } from '../../../components/ui/account-select'
import { AiProblem } from '../../../components/ui/ai-problem'
import { AiSourceNote } from './ai-source-note'
import { useOnlyChoice } from '../../../lib/use-only-choice'

/** An account the hooks can be written for, with what describes it. */
export interface HookAccount {
  id: string
  label: string
  targetAudience: string
  niche: string
  appGoals: string
}

/**
 * The Create tab's AI hook generator (product.md §2, §5 AI hooks): hook suggestions for the video's title and description,
 * written for the chosen TikTok account's audience, niche and goals. One click adds a suggestion as an overlay. The
 * account is the form's when it passes one (`accountId`, kept with the Create form's draft), else its own.
 */
export function HookGenerator({
  accounts,
  title,
  description,
  onApply,
  accountId: formAccountId,
  onAccountChange,
  applyAs = 'overlay',
}: {
  accounts: readonly HookAccount[]
  title: string
  description: string
  onApply: (text: string) => void
  accountId?: string
  onAccountChange?: (accountId: string) => void
  /**
   * What a suggestion becomes: one more overlay (Create), or the video's one hook (Transform to Video), which a later
   * choice replaces.
   */
  applyAs?: 'overlay' | 'hook'
}) {
  const id = useId()
  const generate = useGenerateHooks()
  const [ownAccountId, setOwnAccountId] = useState(accounts.length === 1 ? (accounts[0]?.id ?? '') : '')
  const accountId = formAccountId ?? ownAccountId
  const setAccountId = useCallback(
    (value: string) => {
      setOwnAccountId(value)
      onAccountChange?.(value)
    },
    [onAccountChange],
  )
  // The accounts are fetched: the only one is chosen once it arrives, not only when it is there at first.
  useOnlyChoice(accounts, accountId, setAccountId)
  const [problem, setProblem] = useState<string | null>(null)
  const [suggestions, setSuggestions] = useState<HookSuggestion[]>([])
  const [provider, setProvider] = useState<AiProvider | null>(null)
  const [applied, setApplied] = useState<ReadonlySet<string>>(new Set())

  function onGenerate() {
    if (generate.isPending) return
    const account = accounts.find((a) => a.id === accountId)
    // product.md §5, in this order.
    const found = !account
      ? AI_MESSAGES.accountRequired
      : title.trim() === ''
        ? AI_MESSAGES.titleRequired
        : [account.targetAudience, account.niche, account.appGoals].every((v) => v.trim() === '')
          ? AI_MESSAGES.accountIncomplete
          : null
    setProblem(found)
    if (found || !account) return
    generate.mutate(
      { accountId: account.id, videoTitle: title, videoDescription: description },
      {
        onSuccess: (result) => {
          if (!result.success) {
            setProblem(withReason(result.message, result.reason))
            return
          }
          setSuggestions(result.suggestions)
          setProvider(result.provider)
          setApplied(new Set())
        },
        onError: (error) => setProblem(aiErrorMessage(error, AI_MESSAGES.suggestionsFailed)),
      },
    )
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3 rounded-md border border-slate-200 p-4">
      <h3 id={`${id}-heading`} className="text-sm font-semibold text-slate-900">
        AI hook generator
      </h3>
      <p className="text-sm text-slate-600">
        Hook ideas for this video’s title and description, written for your account’s audience, niche and goals.
      </p>
      <AiSourceNote kind="writer" />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <AccountSelect
            accounts={accounts}
            value={accountId}
            error={undefined}
            onChange={(value) => {
              setAccountId(value)
              setProblem(null)
            }}
          />
        </div>
        <button
          type="button"
          className={secondaryButtonClass}
          onClick={onGenerate}
          disabled={generate.isPending}
          aria-busy={generate.isPending || undefined}
        >
          {generate.isPending ? 'Generating…' : 'Generate hooks'}
        </button>
      </div>
      {accounts.length === 0 ? (
        <p className="text-sm text-slate-600">Connect a TikTok account in the Schedule tab to get hook ideas.</p>
      ) : null}
      {generate.isPending ? <Spinner className="h-4 w-4 border-2" label="Writing hook ideas" /> : null}
      {problem ? <AiProblem message={problem} accountId={accountId} /> : null}
      {suggestions.length > 0 ? (
        <div className="space-y-2">
          <ul aria-label="Hook suggestions" className="space-y-2">
            {suggestions.map((s) => {
              const added = applied.has(s.id)
              return (
                <li key={s.id} className="flex items-start justify-between gap-3 rounded-md bg-slate-50 p-2">
                  <p className="min-w-0 text-sm break-words text-slate-900">{s.text}</p>
                  <button
                    type="button"
                    className={`${secondaryButtonClass} shrink-0`}
                    aria-label={applyAs === 'hook' ? `Use “${s.text}” as the hook` : `Add “${s.text}” as an overlay`}
                    onClick={() => {
                      onApply(s.text)
                      setApplied((prev) => (applyAs === 'hook' ? new Set([s.id]) : new Set(prev).add(s.id)))
                    }}
                  >
                    {applyAs === 'hook' ? (added ? 'Hook ✓' : 'Use as hook') : added ? 'Added ✓' : 'Add as overlay'}
                  </button>
                </li>
              )
            })}
          </ul>
          {provider ? <p className="text-xs text-slate-600">{WRITER_LABELS[provider]}</p> : null}
        </div>
      ) : null}
    </section>
  )
}
