/** The Scheduled Videos panel (spec §2 Schedule tab item 2) — being built; renders nothing until then. */
export function ScheduledVideosPanel() {
  return null
}
