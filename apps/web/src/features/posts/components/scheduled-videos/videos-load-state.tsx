import { MESSAGES } from '@hookpost/shared/messages'
import { LoadError } from '../../../../components/ui/load-error'
import { Spinner } from '../../../../components/ui/spinner'

/** While the Calendar's period or the List's first page loads. */
export function LoadingVideos() {
  return (
    <div className="flex justify-center py-12">
      <Spinner label="Loading scheduled videos..." />
    </div>
  )
}

/** The Calendar's period or the List's first page could not be loaded: say so, with 'Try again'. */
export function VideosLoadError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  return (
    <LoadError className="space-y-3 py-4" message={MESSAGES.fetchPostsFailed} retrying={retrying} onRetry={onRetry} />
  )
}
