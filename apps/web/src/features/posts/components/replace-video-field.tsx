import { useEffect, useEffectEvent, useId, useState } from 'react'
import { isLibraryVideo, type LibraryItem } from '@hookpost/shared/library'
import { Field } from '../../../components/ui/field'
import { VideoFileField } from '../../../components/ui/video-file-field'
import { userMessage } from '../../../lib/api-client'
import { formatDuration } from '../../../lib/format'
import { tusVideoUploader, type VideoUploader } from '../../../lib/uploads/upload-video'
import { useVideoUpload } from '../../../lib/uploads/use-video-upload'
import { useTakeLibraryVideo, useVideoOptions } from '../api/get-video-options'
import type { ReplacementVideo } from '../utils/post-edit'

/**
 * Replace a post's video (issue 30 item 5): one of the person's rendered videos or a stock clip from the Library, or a
 * file uploaded here (resumable, checked by the server like any upload). The post keeps its own until Save.
 */
export function ReplaceVideoField({
  current,
  chosen,
  problem,
  uploader = tusVideoUploader,
  onChoose,
}: {
  current: { originalName: string; durationMs: number } | null
  chosen: ReplacementVideo | null
  /** Why the chosen video does not fit (too long for the creator, refused by the server). */
  problem: string | undefined
  uploader?: VideoUploader
  onChoose: (video: ReplacementVideo | null) => void
}) {
  const id = useId()
  const options = useVideoOptions(true)
  const take = useTakeLibraryVideo()
  const upload = useVideoUpload(uploader)
  const [itemId, setItemId] = useState('')
  const [inputKey, setInputKey] = useState(0)
  const ready = upload.state.phase === 'ready' ? upload.state.media : null
  // An upload that finishes is reported once, with the parent's latest callback.
  const uploaded = useEffectEvent((media: NonNullable<typeof ready>) =>
    onChoose({ mediaId: media.id, name: media.originalName, durationMs: media.durationMs }),
  )
  useEffect(() => {
    if (ready) uploaded(ready)
  }, [ready])

  function fromLibrary(item: LibraryItem | undefined) {
    upload.clear()
    setInputKey((k) => k + 1)
    setItemId(item?.id ?? '')
    if (!item) {
      onChoose(null)
      return
    }
    take.mutate(item.id, {
      onSuccess: (media) => onChoose({ mediaId: media.id, name: item.title, durationMs: media.durationMs }),
    })
  }

  // A slideshow without its MP4 export is not a video to post (ADR 041).
  const videos = (options.data ?? []).filter(isLibraryVideo)
  const own = videos.filter((item) => item.isUserContent)
  const stock = videos.filter((item) => !item.isUserContent)
  const sends = chosen ?? (current ? { name: current.originalName, durationMs: current.durationMs } : null)
  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-now`}>
      <legend className="text-sm font-medium text-slate-800">Video</legend>
      <p id={`${id}-now`} className="text-sm [overflow-wrap:anywhere] text-slate-700">
        {sends ? (
          <>
            {chosen ? 'Sends instead: ' : 'Sends: '}
            <strong className="font-semibold">{sends.name}</strong> ({formatDuration(sends.durationMs)})
          </>
        ) : (
          'Its video is no longer available: choose another.'
        )}
      </p>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      <Field
        label="Replace with a video from your Library"
        error={take.isError ? userMessage(take.error) : options.isError ? userMessage(options.error) : undefined}
        hint={take.isPending ? 'Getting the video ready...' : 'Your rendered videos and the stock clips.'}
        render={(props) => (
          <select
            {...props}
            value={itemId}
            disabled={take.isPending || options.isPending}
            onChange={(e) => fromLibrary((options.data ?? []).find((item) => item.id === e.target.value))}
          >
            <option value="">{options.isPending ? 'Loading the Library...' : 'Keep this video'}</option>
            {own.length > 0 ? (
              <optgroup label="Your videos">
                {own.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.title} ({formatDuration(item.duration * 1000)})
                  </option>
                ))}
              </optgroup>
            ) : null}
            {stock.length > 0 ? (
              <optgroup label="Stock clips">
                {stock.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.title} ({formatDuration(item.duration * 1000)})
                  </option>
                ))}
              </optgroup>
            ) : null}
          </select>
        )}
      />
      <VideoFileField
        label="Or upload another video"
        required={false}
        removeLabel="Keep the post’s video"
        cancelLabel="Cancel the replacement upload"
        state={upload.state}
        error={undefined}
        mediaProblem={null}
        inputKey={inputKey}
        onFile={(file) => {
          setItemId('')
          upload.start(file)
        }}
        onCancel={upload.clear}
        onRemove={() => {
          upload.clear()
          setInputKey((k) => k + 1)
          onChoose(null)
        }}
      />
    </fieldset>
  )
}
