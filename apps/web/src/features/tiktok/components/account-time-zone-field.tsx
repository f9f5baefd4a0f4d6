import { useId } from 'react'
import { fieldControlClass } from '../../../components/ui/form'
import { TimeZoneCombobox } from '../../../components/ui/time-zone-combobox'
import { useDisplayZone } from '../../../lib/display-zone'

/**
 * The account's own time zone in the Add/Edit dialog (apart from `AccountZone`, so the zone picker comes with the
 * dialog's chunk, not the account lists', ADR 060): the person's (null, it follows the profile when that changes) or
 * one of its own, chosen with the one zone picker. The queue's slots and the automation's window are in it.
 */
export function AccountTimeZoneField({
  value,
  onChange,
}: {
  value: string | null
  onChange: (zone: string | null) => void
}) {
  const id = useId()
  const profileZone = useDisplayZone()
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-800">Time zone</legend>
      <p className="text-sm text-slate-600">Its queue slots, automation window and new posts are in this zone.</p>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="radio" name={`${id}-zone-kind`} checked={value === null} onChange={() => onChange(null)} />
        Your profile zone ({profileZone})
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-800">
        <input type="radio" name={`${id}-zone-kind`} checked={value !== null} onChange={() => onChange(profileZone)} />A
        zone of its own
      </label>
      {value !== null ? (
        <div className="pl-6">
          <label htmlFor={`${id}-zone`} className="block text-sm font-medium text-slate-800">
            Account time zone
          </label>
          <TimeZoneCombobox id={`${id}-zone`} value={value} onChange={onChange} className={fieldControlClass(false)} />
        </div>
      ) : null}
    </fieldset>
  )
}
