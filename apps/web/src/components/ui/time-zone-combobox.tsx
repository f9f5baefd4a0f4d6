import { useMemo, useState, type KeyboardEvent } from 'react'
import { useZonePins } from '../../lib/display-zone'
import { searchTimeZones, zoneLabel, type PinnedZone } from '../../lib/time-zones'

/** More than a screen of options is noise: typing narrows the list, and the status line says how many matched. */
const SHOWN_AT_MOST = 80

/**
 * The one time-zone picker (issue 30 item 3): a text input with a real label (a `Field`'s, through `id`) that filters
 * the ~420 IANA zones by city, region or offset ('los', 'paris', 'GMT-8'), each with today's offset, the pinned zones
 * (the browser's, the profile's) on top. The WAI-ARIA combobox pattern: ArrowDown/ArrowUp move through the list,
 * Enter chooses, Escape closes and puts the chosen zone back, Tab leaves without changing it. Nothing but a choice
 * from the list reaches `onChange`, so the value is always a zone.
 */
export function TimeZoneCombobox({
  id,
  value,
  onChange,
  pinned: pinnedProp,
  className,
  now,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
  'aria-required': required,
}: {
  id: string
  value: string
  onChange: (zone: string) => void
  /** The zones on top; the profile's and the browser's unless said otherwise. */
  pinned?: readonly PinnedZone[]
  className: string
  now?: Date
  'aria-describedby'?: string | undefined
  'aria-invalid'?: true | undefined
  'aria-required'?: true | undefined
}) {
  const listId = `${id}-zones`
  const statusId = `${id}-zones-status`
  const defaultPins = useZonePins()
  const pinned = pinnedProp ?? defaultPins
  const at = useMemo(() => now ?? new Date(), [now])
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const matches = useMemo(
    () => (open ? searchTimeZones(query, { now: at, pinned, extra: [value] }) : []),
    [open, query, at, pinned, value],
  )
  const shown = matches.slice(0, SHOWN_AT_MOST)
  const activeIndex = Math.min(active, shown.length - 1)

  function openWith(text: string) {
    setQuery(text)
    setActive(0)
    setOpen(true)
  }
  function close() {
    setOpen(false)
    setQuery('')
  }
  function choose(zone: string) {
    onChange(zone)
    close()
  }
  function moveTo(index: number) {
    setActive(index)
    // Keep the active option in view (jsdom has no scrollIntoView).
    document.getElementById(`${id}-zone-${index}`)?.scrollIntoView?.({ block: 'nearest' })
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault()
        if (!open) openWith('')
        else if (shown.length > 0) moveTo((activeIndex + 1) % shown.length)
        break
      case 'ArrowUp':
        event.preventDefault()
        if (!open) openWith('')
        else if (shown.length > 0) moveTo((activeIndex - 1 + shown.length) % shown.length)
        break
      case 'Enter': {
        // Enter chooses; it never submits the form the picker is in while the list is open.
        if (!open) break
        event.preventDefault()
        const match = shown[activeIndex]
        if (match) choose(match.zone)
        break
      }
      case 'Escape':
        if (!open) break
        // Closing the list is all Escape does here: a dialog around the picker stays open.
        event.preventDefault()
        event.stopPropagation()
        close()
        break
    }
  }

  const more = matches.length - shown.length
  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown.length > 0 ? `${id}-zone-${activeIndex}` : undefined}
        aria-describedby={[describedBy, open ? statusId : null].filter(Boolean).join(' ') || undefined}
        aria-invalid={invalid}
        aria-required={required}
        autoComplete="off"
        spellCheck={false}
        placeholder="Type a city, region or offset (GMT-8)"
        className={className}
        value={open ? query : zoneLabel(value, at)}
        onFocus={(e) => e.currentTarget.select()}
        onClick={() => {
          if (!open) openWith('')
        }}
        onChange={(e) => openWith(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      {open ? (
        <div
          className="absolute right-0 left-0 z-30 mt-1 rounded-md border border-slate-300 bg-white shadow-lg"
          // Pressing an option or the scroll bar keeps the focus in the input, so the list stays open for the click.
          onMouseDown={(e) => e.preventDefault()}
        >
          <ul id={listId} role="listbox" aria-label="Time zones" className="max-h-64 overflow-y-auto py-1">
            {shown.map((match, index) => (
              <li
                key={match.zone}
                id={`${id}-zone-${index}`}
                role="option"
                aria-selected={index === activeIndex}
                aria-label={`${match.label}${match.note ? `, ${match.note}` : ''}${match.zone === value ? ', chosen' : ''}`}
                onClick={() => choose(match.zone)}
                onMouseMove={() => {
                  if (index !== activeIndex) setActive(index)
                }}
                className={`flex cursor-pointer items-baseline justify-between gap-2 px-3 py-2 text-sm ${
                  index === activeIndex ? 'bg-fuchsia-50 text-fuchsia-900' : 'text-slate-800'
                }`}
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {match.name}
                  {match.note ? <span className="ml-1 text-xs text-slate-600">· {match.note}</span> : null}
                </span>
                <span className="shrink-0 text-xs text-slate-600 tabular-nums">{match.offset}</span>
              </li>
            ))}
          </ul>
          <p id={statusId} role="status" className="border-t border-slate-200 px-3 py-1 text-xs text-slate-600">
            {matches.length === 0
              ? 'No time zone matches. Try a city (Paris), a region (America) or an offset (GMT-8).'
              : `${matches.length} ${matches.length === 1 ? 'zone matches' : 'zones match'}${more > 0 ? `; the first ${SHOWN_AT_MOST} are listed, type to narrow them` : ''}.`}
          </p>
        </div>
      ) : null}
    </div>
  )
}
