import { MESSAGES } from '@hookpost/shared/messages'
import type { CalendarPost } from '@hookpost/shared/posts'
import { secondaryButtonClass } from '../../../../components/ui/button-styles'
import { MessageBanner } from '../../../../components/ui/message-banner'
import type { usePostPages } from '../../api/get-posts'
import { PostList } from './post-list'
import type { PostActions } from './use-post-actions'
import { LoadingVideos, VideosLoadError } from './videos-load-state'

/** The List view: every post a page at a time, with 'Load more videos' while there are more. */
export function ListView({
  pages,
  posts,
  zone,
  emptyText,
  actions,
}: {
  pages: ReturnType<typeof usePostPages>
  /** The loaded pages' posts, narrowed to the chosen account. */
  posts: CalendarPost[]
  zone: string
  emptyText: string
  actions: PostActions
}) {
  if (pages.isPending) return <LoadingVideos />
  if (pages.isError && !pages.data) {
    return <VideosLoadError retrying={pages.isFetching} onRetry={() => void pages.refetch()} />
  }
  return (
    <>
      <PostList
        posts={posts}
        zone={zone}
        emptyText={emptyText}
        onEdit={(post) => actions.open('edit', post)}
        onApprove={actions.approvePost}
        onMove={(post) => actions.open('move', post)}
        onRetry={actions.retryPost}
        onPostNow={(post) => actions.open('post-now', post)}
        onDuplicate={(post) => actions.open('duplicate', post)}
        onDelete={(post) => actions.open('delete', post)}
      />
      {pages.isFetchNextPageError ? <MessageBanner tone="error">{MESSAGES.fetchPostsFailed}</MessageBanner> : null}
      {pages.hasNextPage ? (
        <div className="mt-3 flex justify-center">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => void pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
          >
            {pages.isFetchingNextPage ? 'Loading more...' : 'Load more videos'}
          </button>
        </div>
      ) : null}
    </>
  )
}
