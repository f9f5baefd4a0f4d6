import { useId, useRef, useState, type ReactNode } from 'react'
import { VIDEO_DRAFT_MESSAGES, type VideoDraftView } from '@hookpost/shared/studio'
import { LoadError } from '../../../components/ui/load-error'
import { Spinner } from '../../../components/ui/spinner'
import { tusVideoUploader, type VideoUploader } from '../../../lib/uploads/upload-video'
import { useVideoDraftQuery } from '../api/video-draft'
import type { DraftReplacement } from '../utils/draft-replacement'
import { readVideoDimensions, type DimensionsReader } from '../utils/video-dimensions'
import type { HookGeneratorSlot } from './create-video/overlays-section'
import { CreateVideoSession } from './create-video/create-video-session'

export { CREATED_NOTICE_MS } from '../hooks/use-create-video-submit'
export type { HookGeneratorSlot } from './create-video/overlays-section'

export type CreateVideoFormProps = {
  /** The AI hook generator (composed by the app: it needs the TikTok accounts); none when absent. */
  hookGenerator?: (slot: HookGeneratorSlot) => ReactNode
  /** The upload transport; tests pass a fake. */
  uploader?: VideoUploader
  /** Reads a chosen file's width and height in the browser (for the preview before upload); tests pass a fake. */
  readDimensions?: DimensionsReader
  /**
   * 'hook-demo' (the hook-demo route, product.md §2 'Create Hook + Demo Video'): the same form, opened on the Library's hook
   * clips for the video and asking for the product demo, overlays at the bottom by default (product.md §9).
   */
  preset?: 'hook-demo'
  /** A new draft to open ("Edit as new", "Make this video"); the form asks before replacing one with work in it. */
  replacement?: DraftReplacement | null
  /** The replacement was opened, declined, or could not be. */
  onReplacementSettled?: () => void
}

/**
 * 'Create New Video' (product.md §2 Create tab, §5): the form of `CreateVideoEditor` over the person's draft, which is
 * kept on the server as they type (issue 30 item 2, ADR 044) and read afresh each time the form opens, so a reload,
 * another dashboard tab or another device brings it back.
 */
export function CreateVideoForm({
  hookGenerator,
  uploader = tusVideoUploader,
  readDimensions = readVideoDimensions,
  preset,
  replacement = null,
  onReplacementSettled = () => undefined,
}: CreateVideoFormProps) {
  const id = useId()
  const hookDemo = preset === 'hook-demo'
  const headingRef = useRef<HTMLHeadingElement>(null)
  const draft = useVideoDraftQuery()
  // The draft as read when the form opened: a later read does not pull the form from under the person.
  const [saved, setSaved] = useState<VideoDraftView | null>(null)
  if (saved === null && draft.isFetchedAfterMount && draft.isSuccess) setSaved(draft.data)

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900 focus:outline-none"
      >
        {hookDemo ? 'Create Hook + Demo Video' : 'Create New Video'}
      </h2>
      {hookDemo ? (
        <p className="mt-1 text-sm text-slate-700">
          Pick one of our hook clips to grab attention, add your product demo after it, and put your words on both.
        </p>
      ) : null}
      {saved ? (
        <CreateVideoSession
          saved={saved}
          headingRef={headingRef}
          replacement={replacement}
          onReplacementSettled={onReplacementSettled}
          id={id}
          hookDemo={hookDemo}
          hookGenerator={hookGenerator}
          uploader={uploader}
          readDimensions={readDimensions}
        />
      ) : draft.isError && !draft.isFetching ? (
        <LoadError
          message={VIDEO_DRAFT_MESSAGES.fetchFailed}
          retrying={draft.isFetching}
          onRetry={() => void draft.refetch()}
        />
      ) : (
        <div className="flex justify-center py-12">
          <Spinner label="Loading your draft..." />
        </div>
      )}
    </section>
  )
}
