/**
 * A few radio buttons under a legend, each with its words and, in brackets, what it means (how the two videos play,
 * how a video is fitted to 9:16).
 */
export function ChoiceFieldset<V extends string>({
  legend,
  note,
  name,
  options,
  value,
  onChange,
}: {
  legend: string
  /** Said under the legend. */
  note?: string
  /** The radio group's name. */
  name: string
  options: readonly { value: V; label: string; hint: string }[]
  value: V
  onChange: (value: V) => void
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {note ? <p className="text-xs text-slate-600">{note}</p> : null}
      <div className="mt-1 space-y-1">
        {options.map((option) => (
          <label key={option.value} className="flex items-start gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="mt-0.5 h-4 w-4 accent-fuchsia-700"
            />
            <span>
              {option.label} <span className="text-slate-600">({option.hint})</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}
