import type { ReactNode, Ref } from 'react'

/** The form's side column: the live preview (`children`) and how the form works. */
export function PreviewColumn({ children, ref }: { children: ReactNode; ref?: Ref<HTMLDivElement> }) {
  return (
    <div ref={ref} className="min-w-0 scroll-mt-20 space-y-5 self-start lg:sticky lg:top-16 lg:row-span-2">
      {children}
      <div>
        <h3 className="text-sm font-medium text-slate-800">How it works</h3>
        <ol className="mt-1 list-decimal space-y-1 pl-5 text-sm text-slate-700">
          <li>
            Upload a video or choose one from the Library (not 9:16? choose how it fits), and a product demo if you have
            one.
          </li>
          <li>Add text overlays: your hook, a call to action. Check them in the preview.</li>
          <li>Press Create Video. It renders in the background; it is ready to download or schedule below.</li>
        </ol>
      </div>
    </div>
  )
}
