import { useId } from 'react'
import { PRIVACY_LABELS, privacyLevelSchema, type PrivacyLevel } from '@hookpost/shared/posts'
import type { AutomationPostSettings } from '@hookpost/shared/automation'
import { Field } from '../../../components/ui/field'
import type { AutomationForm, FieldKey, FormChange } from '../utils/form'
import { SendAsDrafts } from './send-as-drafts'

const INTERACTIONS = [
  { key: 'allowComment', label: 'Allow comments' },
  { key: 'allowDuet', label: 'Allow duets' },
  { key: 'allowStitch', label: 'Allow stitches' },
] as const satisfies readonly { key: keyof AutomationPostSettings; label: string }[]

/**
 * Advanced Settings: the post settings every automated post gets, chosen once and explicitly (TikTok's rule: privacy
 * has no default, interactions start off). The account they go to is chosen above the sub-tabs (account-choice.tsx).
 */
export function AdvancedSettings({
  form,
  errors,
  onChange,
}: {
  form: AutomationForm
  errors: Partial<Record<FieldKey, string>>
  onChange: FormChange
}) {
  const id = useId()
  function setPostSetting(patch: Partial<AutomationPostSettings>) {
    onChange({ postSettings: { ...form.postSettings, ...patch } })
  }

  return (
    <div className="space-y-5">
      <SendAsDrafts
        checked={form.sendAsDrafts}
        error={errors.sendAsDrafts}
        onChange={(sendAsDrafts) => onChange({ sendAsDrafts })}
      />

      <div className="max-w-md">
        <Field
          label="Who can see these posts"
          required={!form.sendAsDrafts}
          error={errors['postSettings.privacyLevel']}
          hint={form.sendAsDrafts ? 'For drafts you choose this in TikTok when you finish each post.' : undefined}
          render={(props) => (
            <select
              {...props}
              data-field="postSettings.privacyLevel"
              value={form.postSettings.privacyLevel ?? ''}
              onChange={(e) =>
                setPostSetting({ privacyLevel: e.target.value === '' ? null : (e.target.value as PrivacyLevel) })
              }
            >
              {/* TikTok rule 2b: chosen by the person, never preselected. */}
              <option value="">Choose…</option>
              {privacyLevelSchema.options.map((level) => (
                <option key={level} value={level}>
                  {PRIVACY_LABELS[level]}
                </option>
              ))}
            </select>
          )}
        />
      </div>

      <fieldset aria-describedby={`${id}-interactions`}>
        <legend className="text-sm font-medium text-slate-800">Interactions</legend>
        <p id={`${id}-interactions`} className="mt-1 text-xs text-slate-600">
          Off unless you turn them on.
        </p>
        <div className="mt-2 space-y-2">
          {INTERACTIONS.map((item) => (
            <label key={item.key} className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                data-field={`postSettings.${item.key}`}
                checked={form.postSettings[item.key]}
                onChange={(e) => setPostSetting({ [item.key]: e.target.checked })}
                className="h-4 w-4 rounded border-slate-300 accent-fuchsia-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
              />
              {item.label}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex max-w-md items-start justify-between gap-4 rounded-md border border-slate-200 p-3">
        <div>
          <label htmlFor={`${id}-review`} className="text-sm font-medium text-slate-800">
            Review before posting
          </label>
          <p id={`${id}-review-hint`} className="mt-1 text-xs text-slate-600">
            Each planned post waits as a draft until you approve it (you can edit its caption, privacy and time first).
            A post not approved by its time is skipped, never posted.
          </p>
        </div>
        <input
          id={`${id}-review`}
          type="checkbox"
          role="switch"
          data-field="reviewBeforePosting"
          checked={form.reviewBeforePosting}
          aria-describedby={`${id}-review-hint`}
          onChange={(e) => onChange({ reviewBeforePosting: e.target.checked })}
          className="relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-fuchsia-700 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
        />
      </div>
    </div>
  )
}
