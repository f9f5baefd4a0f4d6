import { createContext, useContext, useMemo, type ReactNode } from 'react'
import { browserTimeZone, type PinnedZone } from './time-zones'

const ProfileZoneContext = createContext<string | null>(null)

/**
 * The signed-in person's zone (Profile & Accounts), handed down by the dashboard's shell (app/), so that every feature
 * shows times on the one clock (issue 30 item 3) without reading the profile feature itself.
 */
export function ProfileZoneProvider({ zone, children }: { zone: string | null; children: ReactNode }) {
  return <ProfileZoneContext value={zone}>{children}</ProfileZoneContext>
}

/** The zone times are shown in: the profile's, else (before it is known or chosen) the browser's. */
export function useDisplayZone(): string {
  return useContext(ProfileZoneContext) ?? browserTimeZone()
}

export const PIN_NOTES = {
  detected: 'detected from this browser',
  profile: 'your profile zone',
  both: 'your profile zone, detected from this browser',
} as const

/** The zones a picker lists on top: the profile's and the browser's (once, when they are the same). */
export function zonePins(profileZone: string | null, detectedZone: string): PinnedZone[] {
  if (profileZone === detectedZone) return [{ zone: detectedZone, note: PIN_NOTES.both }]
  const pins: PinnedZone[] = []
  if (profileZone) pins.push({ zone: profileZone, note: PIN_NOTES.profile })
  pins.push({ zone: detectedZone, note: PIN_NOTES.detected })
  return pins
}

export function useZonePins(): PinnedZone[] {
  const profileZone = useContext(ProfileZoneContext)
  return useMemo(() => zonePins(profileZone, browserTimeZone()), [profileZone])
}
