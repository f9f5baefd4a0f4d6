import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import {
  AI_MESSAGES,
  CONTENT_TONE_LABELS,
  CONTENT_TONES,
  generateContentInputSchema,
  HOOK_CONCEPT_LABELS,
  HOOK_CONCEPTS,
  type ContentIdea,
  type ContentTone,
  type HookConcept,
} from '@hookpost/shared/ai'
import { MESSAGES } from '@hookpost/shared/messages'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { ExampleHooksField } from '../../../components/ui/example-hooks-field'
import { Field } from '../../../components/ui/field'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { useGenerateContent } from '../api/generate-content'
import { aiErrorMessage, withReason } from '../utils/errors'
import { WRITER_LABELS, type AiProvider } from '../utils/providers'
import { AccountSelect } from '../../../components/ui/account-select'
import { AiSourceNote } from './ai-source-note'
import type { HookAccount } from './hook-generator'
import { useOnlyChoice } from '../../../lib/use-only-choice'

/** spec §9: the copy checkmark and the saved tick show for 2 s. */
export const FEEDBACK_MS = 2000

type Errors = Partial<Record<'accountId' | 'customConcept' | 'customTone' | 'exampleHooks' | 'form', string>>

/** "budget, meal prep ,, " → ['budget', 'meal prep'] */
function keywords(text: string): string[] {
  return text
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
}

/** A short-lived mark (the copy checkmark, the saved tick): the id it is on, cleared after FEEDBACK_MS. */
function useFlash() {
  const [on, setOn] = useState<string | null>(null)
  const timer = useRef<number | undefined>(undefined)
  useEffect(() => () => window.clearTimeout(timer.current), [])
  return [
    on,
    (id: string) => {
      window.clearTimeout(timer.current)
      setOn(id)
      timer.current = window.setTimeout(() => setOn(null), FEEDBACK_MS)
    },
  ] as const
}

/**
 * The Hooks tab's AI content generator (spec §2 Hooks tab, §5 content generation): a concept and tone ('other' with
 * the person's own words), keywords, custom text and prompt, up to five example hooks → content ideas (title, what to
 * film, the hook), each with Copy and Save as hook.
 */
export function ContentGenerator({
  accounts,
  onSaveHook,
}: {
  accounts: readonly HookAccount[]
  /** Saves a hook's text (the studio's saved hooks); rejects with the reason when it could not. */
  onSaveHook: (text: string) => Promise<void>
}) {
  const id = useId()
  const generate = useGenerateContent()
  const [accountId, setAccountId] = useState(accounts.length === 1 ? (accounts[0]?.id ?? '') : '')
  // The accounts are fetched: the only one is chosen once it arrives, not only when it is there at first.
  useOnlyChoice(accounts, accountId, setAccountId)
  const [concept, setConcept] = useState<HookConcept>('curiosity_gap')
  const [tone, setTone] = useState<ContentTone>('casual')
  const [customConcept, setCustomConcept] = useState('')
  const [customTone, setCustomTone] = useState('')
  const [mustInclude, setMustInclude] = useState('')
  const [mayInclude, setMayInclude] = useState('')
  const [customText, setCustomText] = useState('')
  const [customPrompt, setCustomPrompt] = useState('')
  const [examples, setExamples] = useState<string[]>([])
  const [errors, setErrors] = useState<Errors>({})
  const [ideas, setIdeas] = useState<ContentIdea[]>([])
  const [provider, setProvider] = useState<AiProvider | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [copied, flashCopied] = useFlash()
  const [saved, flashSaved] = useFlash()

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (generate.isPending) return
    setNotice(null)
    const parsed = generateContentInputSchema.safeParse({
      accountId,
      hookConcept: concept,
      tone,
      mustInclude: keywords(mustInclude),
      mayInclude: keywords(mayInclude),
      customConcept,
      customTone,
      customText,
      customPrompt,
      exampleHooks: examples,
    })
    if (!parsed.success) {
      const found: Errors = {}
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'form')
        const field = (
          ['accountId', 'customConcept', 'customTone', 'exampleHooks'].includes(key) ? key : 'form'
        ) as keyof Errors
        found[field] ??= issue.message
      }
      setErrors(found)
      return
    }
    setErrors({})
    generate.mutate(parsed.data, {
      onSuccess: (result) => {
        if (!result.success) {
          setErrors({ form: withReason(result.message, result.reason) })
          return
        }
        setIdeas(result.contentIdeas)
        setProvider(result.provider)
      },
      onError: (error) => setErrors({ form: aiErrorMessage(error, AI_MESSAGES.ideasFailed) }),
    })
  }

  async function copy(idea: ContentIdea) {
    setNotice(null)
    try {
      await navigator.clipboard.writeText(idea.hookText)
      flashCopied(idea.id)
    } catch {
      setNotice(AI_MESSAGES.copyFailed)
    }
  }

  async function save(idea: ContentIdea) {
    setNotice(null)
    try {
      await onSaveHook(idea.hookText)
      flashSaved(idea.id)
    } catch (error) {
      setNotice(error instanceof Error && error.message ? error.message : MESSAGES.saveHookFailed)
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900">
          AI content generator
        </h2>
        <AiSourceNote kind="writer" />
        <form noValidate onSubmit={onSubmit} aria-labelledby={`${id}-heading`} className="mt-4 space-y-4">
          <AccountSelect
            accounts={accounts}
            value={accountId}
            required
            error={errors.accountId}
            onChange={(value) => {
              setAccountId(value)
              setErrors((x) => ({ ...x, accountId: undefined }))
            }}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Hook concept"
              error={undefined}
              render={(props) => (
                <select {...props} value={concept} onChange={(e) => setConcept(e.target.value as HookConcept)}>
                  {HOOK_CONCEPTS.map((c) => (
                    <option key={c} value={c}>
                      {HOOK_CONCEPT_LABELS[c]}
                    </option>
                  ))}
                </select>
              )}
            />
            <Field
              label="Tone"
              error={undefined}
              render={(props) => (
                <select {...props} value={tone} onChange={(e) => setTone(e.target.value as ContentTone)}>
                  {CONTENT_TONES.map((t) => (
                    <option key={t} value={t}>
                      {CONTENT_TONE_LABELS[t]}
                    </option>
                  ))}
                </select>
              )}
            />
          </div>
          {concept === 'other' ? (
            <Field
              label="Your hook concept"
              required
              error={errors.customConcept}
              render={(props) => (
                <input {...props} value={customConcept} onChange={(e) => setCustomConcept(e.target.value)} />
              )}
            />
          ) : null}
          {tone === 'other' ? (
            <Field
              label="Your tone"
              required
              error={errors.customTone}
              render={(props) => (
                <input {...props} value={customTone} onChange={(e) => setCustomTone(e.target.value)} />
              )}
            />
          ) : null}
          <Field
            label="Must-include keywords"
            hint="Separated by commas: every hook will have them."
            error={undefined}
            render={(props) => (
              <input {...props} value={mustInclude} onChange={(e) => setMustInclude(e.target.value)} />
            )}
          />
          <Field
            label="May-include keywords"
            hint="Separated by commas: used now and then."
            error={undefined}
            render={(props) => <input {...props} value={mayInclude} onChange={(e) => setMayInclude(e.target.value)} />}
          />
          <Field
            label="Custom text"
            hint="Something every idea should mention, such as an offer or a call to action."
            error={undefined}
            render={(props) => (
              <textarea {...props} rows={2} value={customText} onChange={(e) => setCustomText(e.target.value)} />
            )}
          />
          <Field
            label="Custom prompt"
            hint="Instructions for an AI model, when one is configured."
            error={undefined}
            render={(props) => (
              <textarea {...props} rows={2} value={customPrompt} onChange={(e) => setCustomPrompt(e.target.value)} />
            )}
          />
          <ExampleHooksField
            value={examples}
            error={errors.exampleHooks}
            onChange={(next) => {
              setExamples(next)
              setErrors((e) => ({ ...e, exampleHooks: undefined }))
            }}
          />
          {errors.form ? <MessageBanner tone="error">{errors.form}</MessageBanner> : null}
          <button
            type="submit"
            className={buttonClass}
            disabled={generate.isPending}
            aria-busy={generate.isPending || undefined}
          >
            {generate.isPending ? 'Generating…' : 'Generate content ideas'}
          </button>
        </form>
      </section>

      <section aria-labelledby={`${id}-ideas`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id={`${id}-ideas`} className="text-lg font-semibold text-slate-900">
          Content ideas
        </h2>
        {notice ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {notice}
          </p>
        ) : null}
        {provider && ideas.length > 0 ? <p className="mt-1 text-xs text-slate-600">{WRITER_LABELS[provider]}</p> : null}
        {ideas.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Your ideas appear here: a title, what to film, and its hook.</p>
        ) : (
          <ul aria-label="Content ideas" className="mt-3 space-y-3">
            {ideas.map((idea) => (
              <li key={idea.id} className="rounded-md border border-slate-200 p-3">
                <h3 className="font-medium text-slate-900">{idea.title}</h3>
                <p className="mt-1 text-sm text-slate-700">{idea.description}</p>
                <p className="mt-2 text-sm font-semibold text-slate-900">
                  <span className="sr-only">Hook: </span>“{idea.hookText}”
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    aria-label={`Copy the hook of ${idea.title}`}
                    onClick={() => void copy(idea)}
                  >
                    {copied === idea.id ? 'Copied ✓' : 'Copy'}
                  </button>
                  <button
                    type="button"
                    className={secondaryButtonClass}
                    aria-label={`Save the hook of ${idea.title}`}
                    onClick={() => void save(idea)}
                  >
                    {saved === idea.id ? 'Saved ✓' : 'Save as hook'}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <p className="sr-only" aria-live="polite">
          {copied ? 'Hook copied' : saved ? 'Hook saved' : ''}
        </p>
      </section>
    </div>
  )
}
