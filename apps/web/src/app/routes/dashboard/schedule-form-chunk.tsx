import { lazy, Suspense, type ComponentProps } from 'react'
import { Spinner } from '../../../components/ui/spinner'

// The form (upload, TikTok's posting settings, zone maths) is its own chunk, fetched when a dialog first shows it.
const ScheduleVideoForm = lazy(async () => ({
  default: (await import('../../../features/posts/components/schedule-video-form')).ScheduleVideoForm,
}))

/**
 * The posts feature's one 'Schedule New Video' form, loaded on demand with a spinner meanwhile: the Schedule tab's
 * dialog and the Create tab's 'Schedule Video for TikTok' both show it.
 */
export function LazyScheduleVideoForm(props: ComponentProps<typeof ScheduleVideoForm>) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-6">
          <Spinner label="Loading the form..." />
        </div>
      }
    >
      <ScheduleVideoForm {...props} />
    </Suspense>
  )
}
