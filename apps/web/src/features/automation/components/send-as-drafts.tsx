import { useId } from 'react'
import { AUTOMATION_LIMITS } from '@hookpost/shared/automation'
import { INBOX_PENDING_CAP } from '@hookpost/shared/posts'

/**
 * "Send as drafts" (issue 29): each post goes to the creator's TikTok inbox (TikTok's MEDIA_UPLOAD, tiktok-api.md
 * §3.3) instead of straight to the profile; they add a sound and post it in TikTok.
 */
export function SendAsDrafts({
  checked,
  error,
  onChange,
}: {
  checked: boolean
  error: string | undefined
  onChange: (sendAsDrafts: boolean) => void
}) {
  const id = useId()
  return (
    <div className="max-w-md rounded-md border border-slate-200 p-3">
      <label className="flex items-start gap-2 text-sm font-medium text-slate-800">
        <input
          type="checkbox"
          data-field="sendAsDrafts"
          checked={checked}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-fuchsia-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
        />
        Send as drafts to the TikTok inbox
      </label>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        Each post goes to your TikTok inbox as a draft instead of being posted: you finish it in TikTok (add a trending
        sound, choose who can see it) and post it yourself. TikTok keeps at most {INBOX_PENDING_CAP} drafts waiting a
        day, so automation plans at most {Math.min(INBOX_PENDING_CAP, AUTOMATION_LIMITS.postsPerDayMax)} posts a day;
        finish or discard them in TikTok, or the next ones are refused.
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  )
}
