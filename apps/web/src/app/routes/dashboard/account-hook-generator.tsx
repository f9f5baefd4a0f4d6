import type { TransformHookSlot } from '../../../features/ai/components/transform-hook-step'
import type { HookGeneratorSlot } from '../../../features/studio/components/create-video-form'
import { HookGenerator, type HookAccount } from '../../../features/ai/components/hook-generator'
import { useTiktokAccounts } from '../../../features/tiktok/api/get-accounts'

/** The person's TikTok accounts as the AI features need them (features compose here, never in each other). */
export function useHookAccounts(): HookAccount[] {
  const accounts = useTiktokAccounts()
  return (accounts.data ?? []).map((a) => ({
    id: a.id,
    label: a.accountUsername ? `${a.accountName} (@${a.accountUsername})` : a.accountName,
    targetAudience: a.targetAudience,
    niche: a.niche,
    appGoals: a.appGoals,
  }))
}

/** The Create tab's AI hook generator with the person's TikTok accounts. */
export function AccountHookGenerator(slot: HookGeneratorSlot) {
  return <HookGenerator {...slot} accounts={useHookAccounts()} />
}

/** Transform to Video's hook suggestions: the chosen one becomes the video's hook (issue 30 item 8). */
export function TransformHookGenerator(slot: TransformHookSlot) {
  return <HookGenerator {...slot} applyAs="hook" accounts={useHookAccounts()} />
}
