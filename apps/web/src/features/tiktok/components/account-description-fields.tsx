import type { Ref } from 'react'
import { ACCOUNT_LIMITS } from '@hookpost/shared/tiktok'
import { Field as FormField } from '../../../components/ui/field'
import type { AccountErrors, AccountField, AccountValues } from '../utils/account-form'

const DESCRIPTION_FIELDS = [
  ['targetAudience', 'Target audience', 'Who watches, e.g. busy parents who cook at home'],
  ['niche', 'Niche', 'What the account is about, e.g. 15-minute dinners'],
  ['appGoals', 'App goals', 'What posts should achieve, e.g. app installs from the link in bio'],
] as const

/**
 * The 'Account Description' tab: what the AI writes hooks, captions and slideshows for. Not required to save the
 * account, but AI hooks need at least one of them (product.md §5), so the dialog says so rather than "optional"
 * (issue 30).
 */
export function AccountDescriptionFields({
  id,
  values,
  errors,
  onChange,
  firstRef,
}: {
  id: string
  values: AccountValues
  errors: AccountErrors
  onChange: (field: AccountField, value: string) => void
  /** The first field, focused when the dialog opens on this tab. */
  firstRef: Ref<HTMLTextAreaElement>
}) {
  return (
    <>
      <p id={`${id}-ai-hint`} className="text-sm text-slate-600">
        The AI writes hooks for this audience, niche and these goals. Hook ideas need at least one of them, and the more
        you say, the better they fit.
      </p>
      {DESCRIPTION_FIELDS.map(([field, label, example], index) => (
        <FormField
          key={field}
          label={label}
          hint={example}
          extraDescribedBy={`${id}-ai-hint`}
          error={errors[field]}
          render={(props) => (
            <textarea
              {...props}
              ref={index === 0 ? firstRef : undefined}
              name={field}
              rows={3}
              maxLength={ACCOUNT_LIMITS.description}
              value={values[field]}
              onChange={(e) => onChange(field, e.target.value)}
            />
          )}
        />
      ))}
    </>
  )
}
