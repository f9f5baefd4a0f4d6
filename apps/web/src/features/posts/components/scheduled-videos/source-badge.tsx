import type { Post } from '@hookpost/shared/posts'

/** ', Automation' for a post automation planned: what a post's accessible name adds when the badge is inside it. */
export function sourceSuffix(post: Pick<Post, 'source'>): string {
  return post.source === 'automation' ? ', Automation' : ''
}

/** Marks a post that automation planned, in words (not by colour only); nothing for one the person scheduled. */
export function SourceBadge({ post }: { post: Pick<Post, 'source'> }) {
  if (post.source !== 'automation') return null
  return (
    <span
      data-source="automation"
      className="inline-flex items-center gap-0.5 rounded-full border border-fuchsia-200 bg-fuchsia-50 px-1.5 py-px text-xs font-medium whitespace-nowrap text-fuchsia-800"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-3 w-3" fill="currentColor">
        <path d="M11.3 1.05a.75.75 0 0 1 .45.8L10.9 8h4.35a.75.75 0 0 1 .56 1.25l-7 8a.75.75 0 0 1-1.3-.6L8.35 11H4a.75.75 0 0 1-.56-1.25l7-8a.75.75 0 0 1 .86-.2Z" />
      </svg>
      Automation
    </span>
  )
}
