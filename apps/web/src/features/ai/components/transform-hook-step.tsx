import type { ReactNode } from 'react'
import { OVERLAY_TEXT_MAX } from '@hookpost/shared/studio'
import { Field } from '../../../components/ui/field'

/** What the app's AI hook generator needs to suggest the transformed video's hook (it knows the TikTok accounts). */
export type TransformHookSlot = { title: string; description: string; onApply: (text: string) => void }

/**
 * Transform to Video's hook step (issue 30 item 8): the words burned in over the video, typed or chosen from the AI
 * hook generator's suggestions for the title and description. Optional: without one the video is made plain.
 */
export function TransformHookStep({
  hook,
  title,
  description,
  disabled,
  error,
  onChange,
  hookGenerator,
}: {
  hook: string
  title: string
  description: string
  disabled: boolean
  error: string | undefined
  onChange: (hook: string) => void
  hookGenerator?: (slot: TransformHookSlot) => ReactNode
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-slate-800">Hook</legend>
      <Field
        label="Hook text"
        error={error}
        hint="Optional. Shown over the whole video, centred in large bold letters. Change it later with Edit as new in Your Videos."
        aside={`${hook.length}/${OVERLAY_TEXT_MAX}`}
        render={(props) => (
          <input
            {...props}
            value={hook}
            maxLength={OVERLAY_TEXT_MAX}
            disabled={disabled}
            placeholder="POV: you finally found the shortcut"
            onChange={(e) => onChange(e.target.value)}
          />
        )}
      />
      {hookGenerator?.({ title, description, onApply: onChange })}
    </fieldset>
  )
}
