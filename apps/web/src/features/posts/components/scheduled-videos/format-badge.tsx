import { MESSAGES } from '@hookpost/shared/messages'
import type { Post, PostState } from '@hookpost/shared/posts'

type Marked = Pick<Post, 'format' | 'postMode'>

/** ', Slideshow' and ', Draft to inbox': what a post's accessible name adds for the badges below. */
export function formatSuffix(post: Marked): string {
  return `${post.format === 'photo' ? ', Slideshow' : ''}${post.postMode === 'inbox' ? ', Draft to inbox' : ''}`
}

const badge = 'inline-flex items-center gap-0.5 rounded-full border px-1.5 py-px text-xs font-medium whitespace-nowrap'

/**
 * Marks a slideshow (a photo post) and a draft sent to the TikTok inbox, in words with an icon (not by colour only);
 * nothing for a video posted directly.
 */
export function FormatBadges({ post }: { post: Marked }) {
  return (
    <>
      {post.format === 'photo' ? (
        <span data-format="photo" className={`${badge} border-indigo-200 bg-indigo-50 text-indigo-800`}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3 w-3" fill="currentColor">
            <path d="M3 4a2 2 0 0 1 2-2h7a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4Zm13 1.5a1 1 0 0 1 1 1V15a3 3 0 0 1-3 3H7.5a1 1 0 1 1 0-2H14a1 1 0 0 0 1-1V6.5a1 1 0 0 1 1-1Z" />
          </svg>
          Slideshow
        </span>
      ) : null}
      {post.postMode === 'inbox' ? (
        <span data-mode="inbox" className={`${badge} border-teal-200 bg-teal-50 text-teal-800`}>
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3 w-3" fill="currentColor">
            <path d="M2 11h4l1.5 2h5L14 11h4v5a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-5Zm2.3-7.4A2 2 0 0 1 6.1 2.5h7.8a2 2 0 0 1 1.8 1.1L18 9h-5l-1.5 2h-3L7 9H2l2.3-5.4Z" />
          </svg>
          Draft to inbox
        </span>
      ) : null}
    </>
  )
}

/** A draft waiting in the creator's TikTok inbox says what to do next (issue 29). */
export function InboxNote({ state, className = '' }: { state: PostState; className?: string }) {
  if (state !== 'sent_to_inbox') return null
  return <p className={`text-teal-900 ${className}`}>{MESSAGES.sentToInbox}</p>
}
