import { useState, type FormEvent } from 'react'
import {
  AI_MESSAGES,
  CONTENT_TONE_LABELS,
  CONTENT_TONES,
  HOOK_CONCEPT_LABELS,
  HOOK_CONCEPTS,
  type ContentIdea,
  type ContentTone,
  type HookConcept,
} from '@hookpost/shared/ai'
import { AccountSelect } from '../../../components/ui/account-select'
import { ExampleHooksField } from '../../../components/ui/example-hooks-field'
import { Field } from '../../../components/ui/field'
import { buttonClass } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { useOnlyChoice } from '../../../lib/use-only-choice'
import { useGenerateContent } from '../api/generate-content'
import { contentRequest, type ContentErrors } from '../utils/content-request'
import { aiErrorMessage, withReason } from '../utils/errors'
import type { AiProvider } from '../utils/providers'
import { AiSourceNote } from './ai-source-note'
import type { HookAccount } from './hook-generator'

/**
 * The content generator's form: the account, a concept and tone ('other' with the person's own words), keywords,
 * custom text and prompt, and up to five example hooks. `onStart`: a generation is asked for; `onIdeas`: what came.
 */
export function ContentIdeaForm({
  baseId: id,
  accounts,
  onStart,
  onIdeas,
}: {
  baseId: string
  accounts: readonly HookAccount[]
  onStart: () => void
  onIdeas: (ideas: ContentIdea[], provider: AiProvider) => void
}) {
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
  const [errors, setErrors] = useState<ContentErrors>({})

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (generate.isPending) return
    onStart()
    const request = contentRequest({
      accountId,
      concept,
      tone,
      customConcept,
      customTone,
      mustInclude,
      mayInclude,
      customText,
      customPrompt,
      examples,
    })
    if (!request.ok) {
      setErrors(request.errors)
      return
    }
    setErrors({})
    generate.mutate(request.body, {
      onSuccess: (result) => {
        if (!result.success) {
          setErrors({ form: withReason(result.message, result.reason) })
          return
        }
        onIdeas(result.contentIdeas, result.provider)
      },
      onError: (error) => setErrors({ form: aiErrorMessage(error, AI_MESSAGES.ideasFailed) }),
    })
  }

  return (
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
            render={(props) => <input {...props} value={customTone} onChange={(e) => setCustomTone(e.target.value)} />}
          />
        ) : null}
        <Field
          label="Must-include keywords"
          hint="Separated by commas: every hook will have them."
          error={undefined}
          render={(props) => <input {...props} value={mustInclude} onChange={(e) => setMustInclude(e.target.value)} />}
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
  )
}
