import { CONTENT_TONE_LABELS, HOOK_CONCEPT_LABELS, MUST_INCLUDE_MAX } from '@hookpost/shared/ai'
import {
  AUTOMATION_CHOICE_LABELS,
  AUTOMATION_CONCEPTS,
  AUTOMATION_TONES,
  type AutomationConcept,
  type AutomationTone,
} from '@hookpost/shared/automation'
import { ExampleHooksField } from '../../../components/ui/example-hooks-field'
import { Field } from '../../../components/ui/field'
import type { AutomationForm, FieldKey, FormChange } from '../utils/form'

/**
 * product.md §9: automation adds 'random' to the concepts and tones; it is the default, so it comes first. Issue 19 adds
 * 'best' (learns from the account's results, ADR 022), next to it.
 */
const CONCEPTS: AutomationConcept[] = [
  'random',
  'best',
  ...AUTOMATION_CONCEPTS.filter((c) => c !== 'random' && c !== 'best'),
]
const TONES: AutomationTone[] = ['random', 'best', ...AUTOMATION_TONES.filter((t) => t !== 'random' && t !== 'best')]

function conceptLabel(concept: AutomationConcept): string {
  return concept === 'random' || concept === 'best' ? AUTOMATION_CHOICE_LABELS[concept] : HOOK_CONCEPT_LABELS[concept]
}

function toneLabel(tone: AutomationTone): string {
  return tone === 'random' || tone === 'best' ? AUTOMATION_CHOICE_LABELS[tone] : CONTENT_TONE_LABELS[tone]
}

const BEST_HINT =
  'Best performing mostly picks what did best on this account, and 1 in 5 posts tries something less proven.'

/** Limits the contract enforces (packages/shared/src/automation.ts), kept by the inputs themselves. */
const MAX = { custom: 200, prompt: 1000, hook: 150 } as const

/**
 * Content Settings: what the hooks automation writes are like (the content generator's choices, product.md §2 Hooks tab):
 * concept and tone ('Random' picks one per post, 'Best performing' learns from the account's results, 'Other' takes
 * the person's words), keywords, a custom prompt and up
 * to five example hooks.
 */
export function ContentSettings({
  form,
  errors,
  onChange,
}: {
  form: AutomationForm
  errors: Partial<Record<FieldKey, string>>
  onChange: FormChange
}) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Hook concept"
          error={errors.hookConcept}
          hint={form.hookConcept === 'best' ? BEST_HINT : 'Random picks a different concept for each post.'}
          render={(props) => (
            <select
              {...props}
              data-field="hookConcept"
              value={form.hookConcept}
              onChange={(e) => onChange({ hookConcept: e.target.value as AutomationConcept })}
            >
              {CONCEPTS.map((c) => (
                <option key={c} value={c}>
                  {conceptLabel(c)}
                </option>
              ))}
            </select>
          )}
        />
        <Field
          label="Tone"
          error={errors.tone}
          hint={form.tone === 'best' ? BEST_HINT : 'Random picks a different tone for each post.'}
          render={(props) => (
            <select
              {...props}
              data-field="tone"
              value={form.tone}
              onChange={(e) => onChange({ tone: e.target.value as AutomationTone })}
            >
              {TONES.map((t) => (
                <option key={t} value={t}>
                  {toneLabel(t)}
                </option>
              ))}
            </select>
          )}
        />
      </div>
      {form.hookConcept === 'other' ? (
        <Field
          label="Your hook concept"
          required
          error={errors.customConcept}
          render={(props) => (
            <input
              {...props}
              data-field="customConcept"
              maxLength={MAX.custom}
              value={form.customConcept}
              onChange={(e) => onChange({ customConcept: e.target.value })}
            />
          )}
        />
      ) : null}
      {form.tone === 'other' ? (
        <Field
          label="Your tone"
          required
          error={errors.customTone}
          render={(props) => (
            <input
              {...props}
              data-field="customTone"
              maxLength={MAX.custom}
              value={form.customTone}
              onChange={(e) => onChange({ customTone: e.target.value })}
            />
          )}
        />
      ) : null}
      <Field
        label="Must-include keywords"
        hint={`Separated by commas: every hook will have them (${MUST_INCLUDE_MAX} characters together at most).`}
        error={errors.mustInclude}
        render={(props) => (
          <input
            {...props}
            data-field="mustInclude"
            value={form.mustInclude}
            onChange={(e) => onChange({ mustInclude: e.target.value })}
          />
        )}
      />
      <Field
        label="May-include keywords"
        hint="Separated by commas: used now and then."
        error={errors.mayInclude}
        render={(props) => (
          <input
            {...props}
            data-field="mayInclude"
            value={form.mayInclude}
            onChange={(e) => onChange({ mayInclude: e.target.value })}
          />
        )}
      />
      <Field
        label="Custom prompt"
        hint="Instructions for an AI model, when one is configured."
        error={errors.customPrompt}
        render={(props) => (
          <textarea
            {...props}
            data-field="customPrompt"
            rows={3}
            maxLength={MAX.prompt}
            value={form.customPrompt}
            onChange={(e) => onChange({ customPrompt: e.target.value })}
          />
        )}
      />
      <ExampleHooksField
        value={form.exampleHooks}
        error={errors.exampleHooks}
        maxLength={MAX.hook}
        fieldName="exampleHooks"
        onChange={(next) => onChange({ exampleHooks: next })}
      />
    </div>
  )
}
