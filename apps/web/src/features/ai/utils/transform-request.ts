import { AI_IMAGE_MESSAGES, type AiImage, type TransformToVideoInput } from '@hookpost/shared/ai-images'
import { MESSAGES } from '@hookpost/shared/messages'
import { OVERLAY_TEXT_MAX } from '@hookpost/shared/studio'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'

/** What Transform to Video starts from: an image (generated, saved or uploaded) or a demo video from the Library. */
export type VideoSource = 'image' | 'demo'

export type TransformErrors = { title?: string; source?: string; hook?: string; form?: string }

/**
 * The Transform to Video form as POST /api/transform-to-video takes it, or what is missing (the chosen source, the
 * title), in the spec's words; `errors` is empty when `body` is there.
 */
export function transformRequest({
  source,
  image,
  demoMediaId,
  title,
  description,
  hook = '',
}: {
  source: VideoSource
  image: AiImage | null
  demoMediaId: string | null
  title: string
  description: string
  /** The hook burned in (optional). */
  hook?: string
}): { errors: TransformErrors; body: TransformToVideoInput | null } {
  const errors: TransformErrors = {}
  if (source === 'image' && !image) errors.source = AI_IMAGE_MESSAGES.imageRequired
  if (source === 'demo' && !demoMediaId) errors.source = AI_IMAGE_MESSAGES.demoRequired
  if (title.trim() === '') errors.title = AI_IMAGE_MESSAGES.titleRequired
  if (hook.trim().length > OVERLAY_TEXT_MAX) errors.hook = `The hook can be at most ${OVERLAY_TEXT_MAX} characters`
  if (errors.source || errors.title || errors.hook) return { errors, body: null }
  const hookText = hook.trim()
  const body: TransformToVideoInput =
    source === 'image'
      ? { videoSource: 'image' as const, imageId: image!.id, title, description, hookText }
      : { videoSource: 'demo' as const, demoMediaId: demoMediaId!, title, description, hookText }
  return { errors, body }
}

/** product.md §8 'Failed to transform to video: {status text}': the server's reason, or what went wrong on the way. */
export function transformErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError) return `${AI_IMAGE_MESSAGES.transformFailed}: ${error.message}`
  if (error instanceof NetworkError) return `${AI_IMAGE_MESSAGES.transformFailed}: ${MESSAGES.connectionError}`
  return `${AI_IMAGE_MESSAGES.transformFailed}: ${MESSAGES.unexpected}`
}
