import { TIKTOK_SAFE_ZONE } from '@hookpost/shared/studio'

const SAFE = TIKTOK_SAFE_ZONE

/** TikTok's interface over the frame (ADR 031): where it covers the video, labelled; it lets the pointer through. */
export function SafeZoneGuide() {
  const zone =
    'pointer-events-none absolute flex items-center justify-center bg-rose-500/35 text-[10px] font-semibold uppercase tracking-wide text-white [text-shadow:0_1px_2px_rgb(0_0_0)]'
  return (
    <div data-testid="safe-zone-guide" className="pointer-events-none absolute inset-0">
      <div className={`${zone} inset-x-0 top-0`} style={{ height: `${SAFE.topBar * 100}%` }}>
        Top bar
      </div>
      <div
        className={`${zone} right-0 [writing-mode:vertical-rl]`}
        style={{
          top: `${SAFE.buttons.top * 100}%`,
          bottom: `${SAFE.captionArea * 100}%`,
          width: `${SAFE.buttons.width * 100}%`,
        }}
      >
        Buttons
      </div>
      <div className={`${zone} inset-x-0 bottom-0`} style={{ height: `${SAFE.captionArea * 100}%` }}>
        Caption
      </div>
    </div>
  )
}
