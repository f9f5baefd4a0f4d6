/** With a demo played after the hook: which of the two the preview shows. */
export function SegmentToggle({
  name,
  chosen,
  onChoose,
}: {
  /** The radio group's name. */
  name: string
  chosen: 'hook' | 'demo'
  onChoose: (segment: 'hook' | 'demo') => void
}) {
  return (
    <fieldset className="mt-2">
      <legend className="sr-only">Segment shown in the preview</legend>
      <div className="inline-flex rounded-md border border-slate-300 p-0.5">
        {(['hook', 'demo'] as const).map((value) => (
          <label
            key={value}
            className={`relative cursor-pointer rounded px-3 py-1 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-fuchsia-700 ${
              chosen === value ? 'bg-fuchsia-700 text-white' : 'text-slate-700 hover:bg-slate-100'
            }`}
          >
            <input
              type="radio"
              name={name}
              value={value}
              checked={chosen === value}
              onChange={() => onChoose(value)}
              className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
            />
            {value === 'hook' ? 'Hook' : 'Demo'}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
