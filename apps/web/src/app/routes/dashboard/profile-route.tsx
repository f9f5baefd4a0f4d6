import { NotificationSettings } from '../../../features/notifications/components/notification-settings'
import { DeleteAccountSection } from '../../../features/profile/components/delete-account-section'
import { ProfilePage } from '../../../features/profile/profile-page'
import { PlanSection } from '../../../features/plans/components/plan-section'
import { TiktokAccountsSection } from '../../../features/tiktok/components/tiktok-accounts-section'

/**
 * 'Profile & Accounts' (product.md §2): the profile feature's page, then the user's TikTok accounts, and last, apart from
 * everything else, deleting the account. The Plan section (ADR 036) follows the profile.
 */
export function ProfileRoute() {
  return (
    <div className="space-y-8">
      <ProfilePage />
      <PlanSection />
      <NotificationSettings />
      <TiktokAccountsSection />
      <div className="max-w-2xl">
        <DeleteAccountSection />
      </div>
    </div>
  )
}
