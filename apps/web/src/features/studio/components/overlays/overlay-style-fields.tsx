import {
  OVERLAY_FONT_SIZES,
  OVERLAY_PLACEMENTS,
  OVERLAY_TEXT_STYLES,
  PLACEMENT_LABELS,
  type OverlayFontSize,
  type OverlayFontWeight,
  type OverlayPlacement,
  type OverlayTarget,
  type OverlayTextStyle,
} from '@hookpost/shared/studio'
import { TARGET_LABELS, type OverlayDraft } from '../../utils/overlays'
import { LabelledSelect } from './labelled-select'

/**
 * The overlay form's choices (product.md §9 constants; ADR 031): position (or where it was dragged on the preview), font
 * size, text style, weight and, for a hook + demo video, which part it shows on.
 */
export function OverlayStyleFields({
  draft,
  combined,
  onChange,
}: {
  draft: OverlayDraft
  combined: boolean
  onChange: (patch: Partial<OverlayDraft>) => void
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <LabelledSelect
        label="Position"
        value={draft.anchor ? 'custom' : draft.position}
        options={[
          ...OVERLAY_PLACEMENTS.map((p) => ({ value: p, label: PLACEMENT_LABELS[p] })),
          ...(draft.anchor ? [{ value: 'custom', label: 'Custom (dragged on the preview)' }] : []),
        ]}
        onChange={(value) => {
          if (value !== 'custom') onChange({ position: value as OverlayPlacement, anchor: null })
        }}
      />
      <LabelledSelect
        label="Font size"
        value={String(draft.fontSize)}
        options={OVERLAY_FONT_SIZES.map((s) => ({ value: String(s.value), label: `${s.label} (${s.value} px)` }))}
        onChange={(value) => onChange({ fontSize: Number(value) as OverlayFontSize })}
      />
      <LabelledSelect
        label="Text style"
        value={draft.style}
        options={OVERLAY_TEXT_STYLES.map((s) => ({ value: s.value, label: s.label }))}
        onChange={(value) => onChange({ style: value as OverlayTextStyle })}
      />
      <LabelledSelect
        label="Font weight"
        value={draft.fontWeight}
        options={[
          { value: 'normal', label: 'Normal' },
          { value: 'bold', label: 'Bold' },
        ]}
        onChange={(value) => onChange({ fontWeight: value as OverlayFontWeight })}
      />
      {combined ? (
        <LabelledSelect
          label="Show on"
          value={draft.target}
          options={(['both', 'hook', 'demo'] as const).map((t) => ({
            value: t,
            label: t === 'both' ? 'Both (hook and demo)' : TARGET_LABELS[t],
          }))}
          onChange={(value) => onChange({ target: value as OverlayTarget })}
        />
      ) : null}
    </div>
  )
}
