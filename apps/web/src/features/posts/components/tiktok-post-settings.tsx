import { useId, type ReactNode } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import { PRIVACY_LABELS, type CreatorInfo, type PrivacyLevel } from '@hookpost/shared/posts'
import { linkClass } from '../../../components/ui/form'
import { Field } from '../../../components/ui/field'

/**
 * The settings TikTok requires a posting app to ask for, as TikTok describes them (tiktok-api.md §6, "Required UX
 * Implementation"): privacy from the creator's own options with no default, interaction toggles that start off and are
 * greyed out when the creator turned them off, the commercial content disclosure (commercial-disclosure.tsx), and the
 * consent declaration.
 */

export const MUSIC_USAGE_URL = 'https://www.tiktok.com/legal/page/global/music-usage-confirmation/en'
export const BRANDED_CONTENT_POLICY_URL = 'https://www.tiktok.com/legal/page/global/bc-policy/en'

export function PrivacyField({
  creator,
  value,
  branded,
  error,
  onChange,
}: {
  creator: CreatorInfo
  value: PrivacyLevel | ''
  branded: boolean
  error: string | undefined
  onChange: (value: PrivacyLevel | '') => void
}) {
  return (
    <Field
      label="Who can view this video"
      required
      error={error}
      hint={branded && creator.privacyLevelOptions.includes('SELF_ONLY') ? MESSAGES.brandedNotPrivate : undefined}
      render={(props) => (
        <select
          {...props}
          name="privacyLevel"
          value={value}
          onChange={(e) => onChange(e.target.value as PrivacyLevel | '')}
        >
          {/* TikTok rule 2b: chosen by the person, never preselected. */}
          <option value="" disabled>
            Select who can view
          </option>
          {creator.privacyLevelOptions.map((level) => {
            // Rule 3: branded content cannot be private.
            const blocked = branded && level === 'SELF_ONLY'
            return (
              <option
                key={level}
                value={level}
                disabled={blocked}
                title={blocked ? MESSAGES.brandedNotPrivate : undefined}
              >
                {PRIVACY_LABELS[level]}
                {blocked ? ' (not available for branded content)' : ''}
              </option>
            )
          })}
        </select>
      )}
    />
  )
}

/** TikTok rule 2c: a toggle the creator turned off is greyed out. */
export function disabledText(disabled: boolean): string {
  return disabled ? 'cursor-not-allowed text-slate-400' : 'text-slate-800'
}

export type Interaction = 'allowComment' | 'allowDuet' | 'allowStitch'

const INTERACTIONS: { key: Interaction; label: string; disabledBy: keyof CreatorInfo; reason: string }[] = [
  {
    key: 'allowComment',
    label: 'Allow comments',
    disabledBy: 'commentDisabled',
    reason: 'Comments are turned off for this account in TikTok.',
  },
  {
    key: 'allowDuet',
    label: 'Allow Duet',
    disabledBy: 'duetDisabled',
    reason: 'Duet is turned off for this account in TikTok (or the account is private).',
  },
  {
    key: 'allowStitch',
    label: 'Allow Stitch',
    disabledBy: 'stitchDisabled',
    reason: 'Stitch is turned off for this account in TikTok (or the account is private).',
  },
]

export function InteractionToggles({
  creator,
  values,
  only,
  onChange,
}: {
  creator: CreatorInfo
  /** The interactions offered (a photo post offers only comments, tiktok-api.md §6 2c); all when absent. */
  only?: readonly Interaction[]
  values: Record<Interaction, boolean>
  onChange: (key: Interaction, checked: boolean) => void
}) {
  const id = useId()
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Allow users to</legend>
      <div className="mt-2 space-y-2">
        {INTERACTIONS.filter((item) => !only || only.includes(item.key)).map((item) => {
          const disabled = creator[item.disabledBy] === true
          const reasonId = `${id}-${item.key}-reason`
          return (
            <div key={item.key}>
              <label className={`inline-flex items-center gap-2 text-sm ${disabledText(disabled)}`}>
                <input
                  type="checkbox"
                  name={item.key}
                  checked={!disabled && values[item.key]}
                  disabled={disabled}
                  aria-describedby={disabled ? reasonId : undefined}
                  onChange={(e) => onChange(item.key, e.target.checked)}
                  className="h-4 w-4 rounded border-slate-300 accent-fuchsia-700 disabled:opacity-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
                />
                {item.label}
              </label>
              {disabled ? (
                <p id={reasonId} className="ml-6 text-xs text-slate-500">
                  {item.reason}
                </p>
              ) : null}
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}

/** `text` with each `phrase` in it turned into a link, the sentence itself unchanged (MESSAGES stay verbatim). */
function withLinks(text: string, links: Record<string, string>): ReactNode[] {
  const phrases = Object.keys(links)
  const pattern = new RegExp(`(${phrases.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`)
  return text.split(pattern).map((part, i) => {
    const href = links[part]
    return href ? (
      // A new tab, so reading TikTok's terms does not lose what was typed in the form.
      <a key={i} href={href} target="_blank" rel="noreferrer" title="Opens in a new tab" className={linkClass}>
        {part}
      </a>
    ) : (
      part
    )
  })
}

/**
 * TikTok rule 4: the declaration right before the button. Branded content (alone or with 'Your brand') adds the
 * Branded Content Policy; otherwise only the Music Usage Confirmation.
 */
export function ConsentDeclaration({ branded, id }: { branded: boolean; id?: string }) {
  const text = branded ? MESSAGES.brandedConsent : MESSAGES.musicConsent
  return (
    <p id={id} className="text-sm text-slate-700">
      {withLinks(text, {
        'Music Usage Confirmation': MUSIC_USAGE_URL,
        'Branded Content Policy': BRANDED_CONTENT_POLICY_URL,
      })}
      {text.endsWith('.') ? '' : '.'}
    </p>
  )
}
