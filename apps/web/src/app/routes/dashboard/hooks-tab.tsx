import { MESSAGES } from '@hookpost/shared/messages'
import { HOOK_OVERLAY_DEFAULTS } from '@hookpost/shared/studio'
import { ContentGenerator } from '../../../features/ai/components/content-generator'
import { useSaveHook } from '../../../features/studio/api/save-hook'
import { studioErrorMessage } from '../../../features/studio/utils/errors'
import { useHookAccounts } from './account-hook-generator'

/**
 * The Create Hooks tab (spec §2): the AI content generator, whose hooks are saved to the studio's saved hooks (centre,
 * white, Large, bold, spec §9 and ADR 031), ready to apply in the Create tab.
 */
export function HooksTab() {
  const accounts = useHookAccounts()
  const saveHook = useSaveHook()
  return (
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
    />
  )
}
