import { z } from 'zod'
import {
  overlayColorSchema,
  overlayFontWeightSchema,
  overlayPositionSchema,
  storedFontSizeSchema,
  textOverlayFieldsSchema,
} from './overlay-spec'

// Saved hooks (product.md §3 saved_hooks, §7 "select newest first; insert; delete by id") and /api/saved-hooks.

/** How many hooks one person may keep: a list to pick from, not an archive (MESSAGES.savedHooksFull says so). */
export const SAVED_HOOKS_MAX = 100

/** A hook saved from an overlay: its text and style. Applying one adds it as an overlay shown on both parts. */
export const savedHookInputSchema = textOverlayFieldsSchema
  .pick({ text: true, position: true, color: true, fontSize: true, fontWeight: true })
  .meta({ id: 'NewSavedHook' })
export type SavedHookInput = z.input<typeof savedHookInputSchema>

export const savedHookSchema = z
  .object({
    id: z.string(),
    text: z.string(),
    /** Saved before ADR 031: any of product.md §3's positions and a version 1 size (applying one migrates it). */
    position: overlayPositionSchema,
    color: overlayColorSchema,
    fontSize: storedFontSizeSchema,
    fontWeight: overlayFontWeightSchema,
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SavedHook' })
export type SavedHook = z.infer<typeof savedHookSchema>

export const savedHookResponseSchema = z.object({ hook: savedHookSchema }).meta({ id: 'SavedHookResponse' })
export const savedHookListSchema = z.object({ hooks: z.array(savedHookSchema) }).meta({ id: 'SavedHookList' })
