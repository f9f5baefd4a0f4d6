import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { useDisplayZone } from '../../../lib/display-zone'

/** 'America/Los_Angeles', or 'UTC (your profile zone)' for an account that follows the person's zone. */
export function accountZoneText(account: Pick<TiktokAccount, 'timeZone'>, profileZone: string): string {
  return account.timeZone ?? `${profileZone} (your profile zone)`
}

/** "Times in …": the zone an account's posts, queue slots and automation are scheduled in (issue 30 item 3). */
export function AccountZone({ account, className }: { account: Pick<TiktokAccount, 'timeZone'>; className: string }) {
  const profileZone = useDisplayZone()
  return <p className={className}>Times in {accountZoneText(account, profileZone)}</p>
}
