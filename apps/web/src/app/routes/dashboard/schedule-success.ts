import { useState } from 'react'
import type { NavigateFunction } from 'react-router'
import type { Spotlight } from '../../../features/posts/components/scheduled-videos-panel'
import { outcomeFromLocationState, type ScheduledOutcome } from '../../../features/posts/utils/scheduled-outcome'
import { useArrivingState } from './arriving-state'
import { tabHref } from './tabs'

/**
 * Where a schedule dialog on another tab (Create's videos and slideshows) sends its success: the Schedule tab, which
 * shows the post on its calendar (ADR 042).
 */
export function showOnScheduleTab(navigate: NavigateFunction, outcome: ScheduledOutcome) {
  void navigate(tabHref('schedule'), { state: { scheduled: outcome } })
}

/**
 * The Schedule tab's last success (ADR 042): the post just made, here or sent from another tab, until dismissed or
 * replaced by the next; "View post" asks the calendar to open it.
 */
export function useScheduleSuccess() {
  const [outcome, setOutcome] = useArrivingState(outcomeFromLocationState)
  const [viewRequest, setViewRequest] = useState(0)
  const spotlight: Spotlight | null = outcome ? { outcome, viewRequest } : null
  return {
    outcome,
    spotlight,
    show: (next: ScheduledOutcome) => {
      setOutcome(next)
      setViewRequest(0)
    },
    view: () => setViewRequest((n) => n + 1),
    dismiss: () => setOutcome(null),
  }
}
