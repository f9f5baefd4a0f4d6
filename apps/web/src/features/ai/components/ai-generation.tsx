import { useId, useRef, useState, type ReactNode } from 'react'
import type { AiImage } from '@hookpost/shared/ai-images'
import { ImageGenerator } from './image-generator'
import { panelClass } from './panel-styles'
import { SavedImages } from './saved-images'
import { TransformForm } from './transform-form'
import type { TransformHookSlot } from './transform-hook-step'

/**
 * The AI Generation tab (product.md §2): 'Generate Images' from a prompt (style selfie) — the configured image model's
 * picture, or the built-in offline text card, which says it is one — Save (then 'Saved', disabled), a gallery of saved
 * and uploaded images, and 'Transform to Video' from an image or a demo video, with a hook burned in. `demoPicker` chooses the demo (the
 * studio's Library); `renderResult` shows the video made, as it renders and once it plays.
 */
export function AiGeneration({
  demoPicker,
  demoMediaId,
  renderResult,
  hookGenerator,
}: {
  demoPicker: ReactNode
  demoMediaId: string | null
  renderResult: (videoId: string) => ReactNode
  hookGenerator?: (slot: TransformHookSlot) => ReactNode
}) {
  const id = useId()
  const [selected, setSelected] = useState<AiImage | null>(null)
  const transformRef = useRef<HTMLElement>(null)

  function useForVideo(image: AiImage) {
    setSelected(image)
    transformRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-6">
        <ImageGenerator onUse={useForVideo} />
        <SavedImages selectedId={selected?.id ?? null} onSelect={setSelected} />
      </div>
      <section ref={transformRef} aria-labelledby={`${id}-transform`} className={`${panelClass} scroll-mt-4`}>
        <h2 id={`${id}-transform`} className="text-lg font-semibold text-slate-900">
          Transform to Video
        </h2>
        <TransformForm
          image={selected}
          demoPicker={demoPicker}
          demoMediaId={demoMediaId}
          renderResult={renderResult}
          hookGenerator={hookGenerator}
        />
      </section>
    </div>
  )
}
