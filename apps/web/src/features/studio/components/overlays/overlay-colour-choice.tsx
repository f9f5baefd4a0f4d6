import { OVERLAY_COLORS } from '@hookpost/shared/studio'

/** The overlay's text colour: one of the 8 (product.md §9), each a radio button with its swatch and name. */
export function OverlayColourChoice({
  name,
  color,
  onChange,
}: {
  /** The radio group's name. */
  name: string
  color: string
  onChange: (color: string) => void
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Text colour</legend>
      <div className="mt-1 flex flex-wrap gap-2">
        {OVERLAY_COLORS.map((option) => (
          <label
            key={option.value}
            className="relative flex cursor-pointer items-center gap-1.5 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-800 has-[:checked]:border-fuchsia-700 has-[:checked]:bg-fuchsia-50 has-[:checked]:ring-1 has-[:checked]:ring-fuchsia-700 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-fuchsia-700"
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={color === option.value}
              onChange={() => onChange(option.value)}
              className="absolute inset-0 h-full w-full cursor-pointer opacity-0"
            />
            <span
              aria-hidden="true"
              className="h-4 w-4 rounded-full border border-slate-400"
              style={{ backgroundColor: option.value }}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
