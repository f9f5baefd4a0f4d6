/**
 * A row of radio buttons drawn as one segmented control (a real fieldset and radios: arrow keys move between them,
 * the legend names the group). Used for the Library's "Show" filter wherever the Library is browsed.
 */
export function SegmentedRadio<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string
  /** The radios' group name (unique on the page). */
  name: string
  options: readonly T[]
  labels: Record<T, string>
  value: T
  onChange: (value: T) => void
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-1 flex rounded-md border border-slate-300 p-0.5 sm:inline-flex">
        {options.map((option) => (
          <label
            key={option}
            className={`relative flex-1 cursor-pointer rounded px-2 py-1 text-center text-sm font-medium sm:whitespace-nowrap has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-fuchsia-700 ${
              value === option ? 'bg-fuchsia-700 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
            />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
