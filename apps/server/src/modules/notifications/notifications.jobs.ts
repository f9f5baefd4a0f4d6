import type { JobHandlers } from '../../lib/job-queue'
import type { NotificationsService } from './notifications.service'

export function notificationJobHandlers(
  notifications: NotificationsService,
): Pick<JobHandlers, 'notifications.digest' | 'notifications.approval-reminders'> {
  return {
    'notifications.digest': async () => {
      await notifications.runDigest()
    },
    'notifications.approval-reminders': async () => {
      await notifications.runApprovalReminders()
    },
  }
}
