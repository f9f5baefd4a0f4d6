import { formatFileSize } from '../../../lib/format'
import { planStorage } from '@hookpost/shared/plans'

/**
 * What the person stores against their plan's storage (ADR 058): "1.20 GB of 25 GB used" and a bar. The bar is a
 * progressbar with the same words as its value text, so a screen reader says the figures, not only a percentage.
 */
export function StorageUsage({ usedBytes, limitBytes }: { usedBytes: number; limitBytes: number }) {
  const percent = limitBytes > 0 ? Math.min(100, Math.round((usedBytes / limitBytes) * 100)) : 100
  const text = `${formatFileSize(usedBytes)} of ${planStorage(limitBytes)} used`
  const full = usedBytes >= limitBytes
  return (
    <div>
      <p>{text}</p>
      <div
        role="progressbar"
        aria-label="Storage used"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="mt-1 h-2 w-full max-w-xs overflow-hidden rounded-full bg-slate-200"
      >
        <div className={`h-full ${full ? 'bg-red-600' : 'bg-violet-600'}`} style={{ width: `${percent}%` }} />
      </div>
    </div>
  )
}
