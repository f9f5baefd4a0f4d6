import { useNavigate } from 'react-router'
import { MESSAGES } from '@hookpost/shared/messages'
import { HOOK_OVERLAY_DEFAULTS } from '@hookpost/shared/studio'
import { ContentGenerator } from '../../../features/ai/components/content-generator'
import { useSaveHook } from '../../../features/studio/api/save-hook'
import { SavedHooks } from '../../../features/studio/components/saved-hooks'
import {
  replacementFromIdea,
  replacementFromSavedHook,
  replacementLocationState,
  type DraftReplacement,
} from '../../../features/studio/utils/draft-replacement'
import { studioErrorMessage } from '../../../features/studio/utils/errors'
import { useNotice } from '../../../lib/use-notice'
import { useHookAccounts } from './account-hook-generator'
import { tabHref } from './tabs'

/**
 * The Create Hooks tab (product.md §2): the AI content generator, whose hooks are saved to the studio's saved hooks (centre,
 * white, Large, bold, product.md §9 and ADR 031), ready to apply in the Create tab; the saved hooks are listed here too (issue 21), so
 * a saved one is seen where it was saved. "Make this video" on an idea or a saved hook opens Create Videos on a new
 * draft made of it (issue 30), which the form opens after asking when its draft has work in it.
 */
export function HooksTab() {
  const navigate = useNavigate()
  const makeVideo = (replacement: DraftReplacement) =>
    void navigate(tabHref('create'), { state: replacementLocationState(replacement) })
  const accounts = useHookAccounts()
  const saveHook = useSaveHook()
  const [notice, setNotice] = useNotice()
  return (
    <div className="space-y-6">
      <ContentGenerator
        accounts={accounts}
        onSaveHook={async (text) => {
          const { position, color, fontSize, fontWeight } = HOOK_OVERLAY_DEFAULTS
          try {
            await saveHook.mutateAsync({ text, position, color, fontSize, fontWeight })
          } catch (error) {
            throw new Error(studioErrorMessage(error, MESSAGES.saveHookFailed), { cause: error })
          }
        }}
        onMakeVideo={(idea) => makeVideo(replacementFromIdea(idea))}
      />
      <div className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <SavedHooks
          notice={notice}
          onNotice={setNotice}
          onMakeVideo={(hook) => makeVideo(replacementFromSavedHook(hook))}
          emptyHint="No saved hooks yet. Use “Save as hook” on an idea above; saved hooks are ready to apply in Create Videos."
        />
      </div>
    </div>
  )
}
