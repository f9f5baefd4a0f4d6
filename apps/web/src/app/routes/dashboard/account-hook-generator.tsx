import type { HookGeneratorSlot } from '../../../features/studio/components/create-video-form'
import { HookGenerator } from '../../../features/ai/components/hook-generator'
import { useTiktokAccounts } from '../../../features/tiktok/api/get-accounts'

/** The AI hook generator with the person's TikTok accounts (features compose here, never in each other). */
export function AccountHookGenerator(slot: HookGeneratorSlot) {
  const accounts = useTiktokAccounts()
  return (
    <HookGenerator
      {...slot}
      accounts={(accounts.data ?? []).map((a) => ({
        id: a.id,
        label: a.accountUsername ? `${a.accountName} (@${a.accountUsername})` : a.accountName,
        targetAudience: a.targetAudience,
        niche: a.niche,
        appGoals: a.appGoals,
      }))}
    />
  )
}
