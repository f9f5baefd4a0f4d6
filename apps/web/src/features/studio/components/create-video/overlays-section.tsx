import type { ReactNode } from 'react'
import { HOOK_OVERLAY_DEFAULTS, type TextOverlay } from '@hookpost/shared/studio'
import { useHookOverlays } from '../../hooks/use-hook-overlays'
import type { VideoDraftActions } from '../../hooks/use-video-draft'
import { overlayFromHook, overlayFromText, type OverlayDraft } from '../../utils/overlays'
import { AddOverlayForm } from '../add-overlay-form'
import { OverlayList } from '../overlay-list'
import { SavedHooks } from '../saved-hooks'

/**
 * What the AI hook generator slot gets: the video's words, a way to add a suggestion as an overlay, and, where the form
 * keeps it (the Create form's draft), the account chosen for it.
 */
export type HookGeneratorSlot = {
  title: string
  description: string
  onApply: (text: string) => void
  accountId?: string
  onAccountChange?: (accountId: string) => void
}

/**
 * The form's 'Text Overlays': saved hooks and the AI hook generator to start from, the overlay being written, the
 * overlays added (edit, reorder, save as a hook, remove), and what the form says about them.
 */
export function OverlaysSection({
  overlays,
  newOverlay,
  combined,
  videoMs,
  title,
  description,
  hookAccountId,
  error,
  hookGenerator,
  actions,
}: {
  overlays: readonly TextOverlay[]
  newOverlay: OverlayDraft
  combined: boolean
  videoMs: number | null
  /** The video's words, for the AI hook generator. */
  title: string
  description: string
  /** The account the AI hook generator writes for ('' for none). */
  hookAccountId: string
  error: string | undefined
  hookGenerator?: (slot: HookGeneratorSlot) => ReactNode
  actions: VideoDraftActions
}) {
  const hooks = useHookOverlays(overlays.length, actions.applyOverlay)
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold text-slate-900">Text Overlays</legend>
      <SavedHooks
        notice={hooks.notice}
        onNotice={hooks.setNotice}
        onApply={(hook) => hooks.apply(overlayFromHook(hook))}
      />
      {hookGenerator?.({
        title,
        description,
        accountId: hookAccountId,
        onAccountChange: actions.chooseHookAccount,
        // product.md §9: AI suggestions are added centred, white, 32 px, bold.
        onApply: (text) => hooks.apply(overlayFromText(text, HOOK_OVERLAY_DEFAULTS)),
      })}
      <AddOverlayForm
        draft={newOverlay}
        combined={combined}
        count={overlays.length}
        videoMs={videoMs}
        onChange={actions.changeNewOverlay}
        onAdd={actions.addOverlay}
      />
      <OverlayList
        overlays={overlays}
        combined={combined}
        savingHookId={hooks.savingHookId}
        videoMs={videoMs}
        onSaveHook={hooks.saveAsHook}
        onUpdate={actions.updateOverlay}
        onMove={actions.moveOverlay}
        onRemove={actions.removeOverlay}
      />
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  )
}
