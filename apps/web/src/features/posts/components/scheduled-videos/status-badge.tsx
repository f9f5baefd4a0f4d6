import { displayStatus, type PostDisplayStatus, type PostState } from '@hookpost/shared/posts'

/**
 * product.md §2/§4 badge colours: uploaded green, failed red, processing blue, scheduled purple, anything else yellow; a draft
 * awaiting approval (issue 18) is light blue, and says so in words.
 */
const TONES: Record<PostDisplayStatus, string> = {
  draft: 'border-sky-300 bg-sky-50 text-sky-900',
  scheduled: 'border-purple-200 bg-purple-100 text-purple-800',
  processing: 'border-blue-200 bg-blue-100 text-blue-800',
  inbox: 'border-teal-300 bg-teal-50 text-teal-900',
  uploaded: 'border-green-200 bg-green-100 text-green-800',
  failed: 'border-red-200 bg-red-100 text-red-800',
  other: 'border-yellow-300 bg-yellow-100 text-yellow-900',
}

export function statusLabel(state: PostState): string {
  switch (state) {
    case 'draft':
      return 'Awaiting approval'
    case 'scheduled':
      return 'Scheduled'
    case 'publishing':
    case 'processing_on_tiktok':
      return 'Processing'
    case 'sent_to_inbox':
      return 'In TikTok inbox'
    case 'uploaded':
      return 'Uploaded'
    case 'failed':
      return 'Failed'
    case 'unconfirmed':
      return 'Unconfirmed'
    case 'skipped':
      return 'Skipped'
  }
}

export function StatusBadge({ state }: { state: PostState }) {
  const status = displayStatus(state)
  return (
    <span
      data-status={status}
      // In a narrow calendar cell (a thumbnail beside it, ADR 047) the word is cut with an ellipsis rather than sticking
      // out of the entry; the whole word is its hover text and in the entry's accessible name.
      title={statusLabel(state)}
      className={`inline-block max-w-full truncate rounded-full border px-1.5 py-px align-middle text-xs font-medium ${TONES[status]}`}
    >
      {statusLabel(state)}
    </span>
  )
}
