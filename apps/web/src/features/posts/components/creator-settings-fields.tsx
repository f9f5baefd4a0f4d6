import type { CreatorInfo, PrivacyLevel } from '@hookpost/shared/posts'
import { isBranded, type CommercialChoice } from '../utils/schedule-form'
import { CommercialDisclosure } from './commercial-disclosure'
import { InteractionToggles, PrivacyField, type Interaction } from './tiktok-post-settings'

const PHOTO_INTERACTIONS: readonly Interaction[] = ['allowComment']

/**
 * TikTok's settings for the creator who receives the post (tiktok-api.md §6 rules 2–3), as the Schedule form and the
 * Edit post dialog both ask them: who can view it, the interactions, and the commercial content disclosure. Branded
 * content and 'Only me' exclude each other.
 */
export function CreatorSettingsFields({
  creator,
  privacyLevel,
  interactions,
  commercial,
  privacyError,
  photo = false,
  onPrivacyChange,
  onInteractionChange,
  onCommercialChange,
}: {
  creator: CreatorInfo
  privacyLevel: PrivacyLevel | ''
  interactions: Record<Interaction, boolean>
  commercial: CommercialChoice
  privacyError: string | undefined
  /** A photo post: only "Allow comments" (tiktok-api.md §6 2c). */
  photo?: boolean
  onPrivacyChange: (level: PrivacyLevel | '') => void
  onInteractionChange: (key: Interaction, checked: boolean) => void
  onCommercialChange: (commercial: CommercialChoice) => void
}) {
  return (
    <>
      <PrivacyField
        creator={creator}
        value={privacyLevel}
        branded={isBranded(commercial)}
        error={privacyError}
        onChange={onPrivacyChange}
      />
      <InteractionToggles
        creator={creator}
        values={interactions}
        only={photo ? PHOTO_INTERACTIONS : undefined}
        onChange={onInteractionChange}
      />
      <CommercialDisclosure
        value={commercial}
        privateChosen={privacyLevel === 'SELF_ONLY'}
        onChange={onCommercialChange}
      />
    </>
  )
}
