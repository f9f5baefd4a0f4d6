import { useEffect, useState, type FormEvent, type RefObject } from 'react'
import { ApiRequestError } from '../../../lib/api-client'
import { useClearingState } from '../../../lib/use-notice'
import { useCreateVideo } from '../api/create-video'
import {
  createErrorMessage,
  createVideoRequest,
  fieldErrorsFrom,
  type CreateVideoMedia,
} from '../utils/create-video-request'
import type { CreateFormErrors, VideoDraft } from '../utils/video-draft'

/** product.md §4/§9: 'Video created successfully!' clears after 5 s. */
export const CREATED_NOTICE_MS = 5000

/**
 * Create Video: the draft is checked as the server checks it and sent; a refusal (the form's or the server's) puts the
 * focus on the first field that needs fixing; once created, `onCreated` starts the form over and the notice shows.
 */
export function useCreateVideoSubmit({
  formRef,
  draft,
  media,
  onChecked,
  onFailed,
  onCreated,
}: {
  formRef: RefObject<HTMLFormElement | null>
  draft: VideoDraft
  media: CreateVideoMedia
  /** What the form found when Create was pressed (nothing: it is sent). */
  onChecked: (errors: CreateFormErrors) => void
  onFailed: (message: string, errors: CreateFormErrors) => void
  onCreated: () => void
}) {
  const create = useCreateVideo()
  const [created, setCreated] = useClearingState<true>(CREATED_NOTICE_MS)
  const [focusRequest, setFocusRequest] = useState(0)

  // After a refused submit, focus the first field that needs fixing (once it has rendered as invalid).
  useEffect(() => {
    if (focusRequest === 0) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [focusRequest, formRef])

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (create.isPending) return
    setCreated(null)
    const request = createVideoRequest(draft, media)
    onChecked(request.ok ? {} : request.errors)
    if (!request.ok) {
      setFocusRequest((n) => n + 1)
      return
    }
    create.mutate(request.input, {
      onSuccess: () => {
        onCreated()
        setCreated(true)
      },
      onError: (error) => {
        const fromServer = error instanceof ApiRequestError ? fieldErrorsFrom(error.details ?? []) : {}
        onFailed(createErrorMessage(error), fromServer)
        if (Object.keys(fromServer).length > 0) setFocusRequest((n) => n + 1)
      },
    })
  }

  return {
    onSubmit,
    pending: create.isPending,
    created: created !== null,
    dismissCreated: () => setCreated(null),
  }
}
