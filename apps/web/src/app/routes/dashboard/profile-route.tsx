import { ProfilePage } from '../../../features/profile/profile-page'
import { TiktokAccountsSection } from '../../../features/tiktok/components/tiktok-accounts-section'

/** 'Profile & Accounts' (spec §2): the profile feature's page, then the user's TikTok accounts. */
export function ProfileRoute() {
  return (
    <div className="space-y-8">
      <ProfilePage />
      <TiktokAccountsSection />
    </div>
  )
}
