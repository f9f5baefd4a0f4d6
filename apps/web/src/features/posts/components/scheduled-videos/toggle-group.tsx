/** A row of buttons of which one is pressed: the panel's View and the calendar's range. */
export function ToggleGroup<T extends string>({
  label,
  options,
  value,
  onChange,
}: {
  label: string
  options: readonly { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex rounded-md shadow-sm">
      {options.map((option, i) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`border px-3 py-1.5 text-sm font-medium focus-visible:z-10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 ${
            i === 0 ? 'rounded-l-md' : '-ml-px'
          } ${i === options.length - 1 ? 'rounded-r-md' : ''} ${
            option.value === value
              ? 'border-fuchsia-700 bg-fuchsia-700 text-white'
              : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
          }`}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
