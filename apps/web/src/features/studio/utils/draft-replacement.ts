import { z } from 'zod'
import {
  videoDraftContentSchema,
  type CreatedVideo,
  type SavedHook,
  type VideoDraftContent,
} from '@hookpost/shared/studio'
import { contentFromIdea, contentFromSavedHook, contentFromVideo } from './video-draft-content'

/**
 * A new draft to open the Create form with ("Edit as new", "Make this video"), replacing the one there after asking,
 * when that one has work in it. `what` names it in the question ("Replace your draft with {what}?"); `id` tells two
 * requests for the same thing apart.
 */
export type DraftReplacement = { id: number; content: VideoDraftContent; what: string }

let serial = 0
function replacement(content: VideoDraftContent, what: string): DraftReplacement {
  serial += 1
  return { id: serial, content, what }
}

export function replacementFromVideo(video: CreatedVideo): DraftReplacement {
  return replacement(contentFromVideo(video), `a copy of “${video.title}”`)
}

export function replacementFromIdea(idea: { title: string; description: string; hookText: string }): DraftReplacement {
  return replacement(contentFromIdea(idea), `the idea “${idea.title}”`)
}

export function replacementFromSavedHook(hook: SavedHook): DraftReplacement {
  return replacement(contentFromSavedHook(hook), `the hook “${hook.text}”`)
}

/** How a replacement travels to the Create tab in the router's location state (from the Create Hooks tab). */
const locationStateSchema = z.object({
  videoDraftReplacement: z.object({ content: videoDraftContentSchema, what: z.string().max(400) }),
})

export function replacementLocationState(r: DraftReplacement): z.infer<typeof locationStateSchema> {
  return { videoDraftReplacement: { content: r.content, what: r.what } }
}

/** The replacement a location's state carries, if any (the state survives reloads and may be anything). */
export function replacementFromLocationState(state: unknown): DraftReplacement | null {
  const parsed = locationStateSchema.safeParse(state)
  return parsed.success
    ? replacement(parsed.data.videoDraftReplacement.content, parsed.data.videoDraftReplacement.what)
    : null
}
