import { TiktokCallbackPage } from '../../features/tiktok/tiktok-callback-page'
import { RequireAuth } from '../guards'
import { UpgradePrompt } from '../../features/plans/components/upgrade-prompt'

/** /auth/tiktok/callback: signed-out visitors go to /login and come back here, code and state included. */
export function TiktokCallbackRoute() {
  return (
    <RequireAuth>
      <TiktokCallbackPage />
      {/* A new account past the plan's number, or after the trial: "Choose a plan" (ADR 036). */}
      <UpgradePrompt />
    </RequireAuth>
  )
}
