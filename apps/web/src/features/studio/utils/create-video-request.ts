import { MESSAGES } from '@hookpost/shared/messages'
import { createVideoInputSchema, type CreateVideoInput } from '@hookpost/shared/studio'
import { ApiRequestError, NetworkError } from '../../../lib/api-client'
import { STUDIO_MESSAGES } from './messages'
import type { CreateFormErrors, CreateFormField, VideoDraft } from './video-draft'

/** Where each field of the create body shows its error (server `details[].path` and the shared schema's issues). */
const FIELD_OF: Record<string, CreateFormField> = {
  sourceMediaId: 'video',
  demoMediaId: 'demo',
  title: 'title',
  description: 'description',
  textOverlays: 'overlays',
  layout: 'demo',
  fit: 'video',
}

export function fieldErrorsFrom(
  issues: readonly { path: readonly PropertyKey[] | string; message: string }[],
): CreateFormErrors {
  const out: CreateFormErrors = {}
  for (const issue of issues) {
    const parts = typeof issue.path === 'string' ? issue.path.split(/[./]/) : issue.path.map(String)
    const field = parts.map((p) => FIELD_OF[p]).find(Boolean)
    if (field) out[field] ??= issue.message
  }
  return out
}

export function createErrorMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status < 500) return error.message
  if (error instanceof NetworkError) return MESSAGES.connectionError
  return STUDIO_MESSAGES.createFailed
}

/** The videos behind the draft as Create sends them: the media files chosen, and whether one is still on its way. */
export type CreateVideoMedia = {
  sourceMediaId: string | null
  demoMediaId: string | null
  videoUploading: boolean
  demoUploading: boolean
}

/**
 * The body Create sends for `draft`, checked with the shared schema as the server checks it; or, when it cannot go
 * yet, what each field says (a video still uploading cannot be used).
 */
export function createVideoRequest(
  draft: VideoDraft,
  media: CreateVideoMedia,
): { ok: true; input: CreateVideoInput } | { ok: false; errors: CreateFormErrors } {
  const found: CreateFormErrors = {}
  if (media.videoUploading) found.video = STUDIO_MESSAGES.stillUploading
  if (media.demoUploading) found.demo = STUDIO_MESSAGES.stillUploading
  const parsed = createVideoInputSchema.safeParse({
    title: draft.title,
    description: draft.description,
    sourceMediaId: media.sourceMediaId ?? '',
    demoMediaId: media.demoMediaId,
    layout: draft.layout,
    textOverlays: draft.overlays,
    fit: draft.fit,
    cropFocus: draft.cropFocus,
  })
  const all = { ...(parsed.success ? {} : fieldErrorsFrom(parsed.error.issues)), ...found }
  if (!parsed.success || Object.keys(found).length > 0) return { ok: false, errors: all }
  return { ok: true, input: parsed.data }
}
