import { TiktokCallbackPage } from '../../features/tiktok/tiktok-callback-page'
import { RequireAuth } from '../guards'

/** /auth/tiktok/callback: signed-out visitors go to /login and come back here, code and state included. */
export function TiktokCallbackRoute() {
  return (
    <RequireAuth>
      <TiktokCallbackPage />
    </RequireAuth>
  )
}
