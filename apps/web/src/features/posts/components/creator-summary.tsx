import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { MessageBanner } from '../../../components/ui/message-banner'
import { Spinner } from '../../../components/ui/spinner'
import type { useCreatorInfo } from '../api/get-creator-info'
import { creatorErrorMessage } from '../utils/schedule-problems'

/** "Posting to {nickname}" (TikTok rule 1a), or why that cannot be known or done right now (rules 1b). */
export function CreatorSummary({
  account,
  creator,
}: {
  account: TiktokAccount
  creator: ReturnType<typeof useCreatorInfo>
}) {
  if (creator.isPending) {
    return (
      <div className="flex items-center gap-2 text-sm text-slate-700">
        <Spinner className="h-4 w-4 border-2" label={`Loading TikTok settings for ${account.accountName}`} />
        <span aria-hidden="true">Loading TikTok settings for {account.accountName}…</span>
      </div>
    )
  }
  if (creator.isError) {
    return (
      <div className="space-y-2">
        <MessageBanner tone="error">{creatorErrorMessage(creator.error)}</MessageBanner>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={creator.isFetching}
          onClick={() => void creator.refetch()}
        >
          Try again
        </button>
      </div>
    )
  }
  const info = creator.data
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-800">
        {info.avatarUrl ? (
          <img src={info.avatarUrl} alt="" width={28} height={28} className="h-7 w-7 rounded-full object-cover" />
        ) : null}
        <span>
          Posting to <strong className="font-semibold text-slate-900">{info.nickname}</strong>
        </span>
        {info.username ? <span className="text-slate-600">@{info.username}</span> : null}
      </p>
      {info.cannotPostReason ? (
        <MessageBanner tone="error">
          {info.nickname} cannot post right now. {info.cannotPostReason} Please try again later.
        </MessageBanner>
      ) : null}
    </div>
  )
}
