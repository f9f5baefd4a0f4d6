import { useId } from 'react'
import type { Post } from '@hookpost/shared/posts'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { Spinner } from '../../../components/ui/spinner'
import type { useDuplicateDraft } from '../hooks/use-duplicate-draft'
import { interactionsTurnedOff, settingsFor } from '../utils/duplicate-targets'
import { accountProblem, creatorErrorMessage } from '../utils/schedule-problems'
import { InteractionToggles, PrivacyField } from './tiktok-post-settings'

const PHOTO_INTERACTIONS = ['allowComment'] as const

/**
 * One account a post can be duplicated to: its checkbox, and once ticked, who receives the copy (TikTok rule 1a),
 * what that creator cannot take (said for this account by name), and the copy's settings for this account alone, as
 * its creator allows them: a privacy level it does not offer must be chosen again, an interaction it turned off is
 * greyed out and goes off.
 */
export function DuplicateAccountChoice({
  post,
  account,
  own,
  draft,
}: {
  post: Post
  account: Pick<TiktokAccount, 'id' | 'accountName' | 'accountUsername' | 'status'>
  own: boolean
  draft: ReturnType<typeof useDuplicateDraft>
}) {
  const id = useId()
  const unavailable = accountProblem(account)
  const checked = draft.chosen.includes(account.id)
  const creator = draft.creatorOf(account.id)
  const info = creator?.data
  const settings = draft.settingsOf(account.id)
  const shown = settingsFor(settings, info)
  const problems = checked ? draft.problemsOf(account.id) : {}
  const off = checked && info ? interactionsTurnedOff(post, settings, info) : []
  const direct = post.postMode === 'direct'
  const name = `${account.accountName} (@${account.accountUsername})`
  // What each copy goes out with is shown for its account (TikTok rule 2: the person sees who can view it).
  const showSettings = checked && direct && info !== undefined && !info.cannotPostReason
  const change = (next: Partial<typeof shown>) => draft.changeSettings(account.id, { ...shown, ...next })
  return (
    <li className="rounded-md border border-slate-200 p-3">
      <label className="flex items-start gap-2 text-sm text-slate-900">
        <input
          type="checkbox"
          checked={checked}
          disabled={unavailable !== null && !checked}
          aria-invalid={problems.account ? true : undefined}
          aria-describedby={problems.account || unavailable ? `${id}-account` : undefined}
          onChange={(e) => draft.choose(account.id, e.target.checked)}
          className="mt-0.5 h-4 w-4 accent-fuchsia-700"
        />
        <span className="min-w-0 [overflow-wrap:anywhere]">
          {name}
          {own ? <span className="text-slate-600"> · this post’s account</span> : null}
        </span>
      </label>
      {unavailable || problems.account ? (
        <p id={`${id}-account`} className="mt-1 ml-6 text-sm text-red-700">
          {account.accountName}: {problems.account ?? unavailable}
        </p>
      ) : null}
      {checked && creator?.isPending ? (
        <Spinner className="mt-1 ml-6 h-4 w-4 border-2" label={`Loading TikTok settings for ${account.accountName}`} />
      ) : null}
      {checked && creator?.isError ? (
        <p className="mt-1 ml-6 text-sm text-red-700">{creatorErrorMessage(creator.error)}</p>
      ) : null}
      {info && checked ? (
        <p className="mt-1 ml-6 text-sm text-slate-700">
          Posting to <strong className="font-semibold">{info.nickname}</strong>
          {off.length > 0
            ? ` · ${info.nickname} turned off ${off.join(', ')} in TikTok, so this copy goes without.`
            : ''}
        </p>
      ) : null}
      {showSettings ? (
        <fieldset className="mt-2 ml-6 space-y-3">
          <legend className="text-sm font-medium text-slate-800">Settings for {name}</legend>
          <PrivacyField
            creator={info}
            value={shown.privacyLevel}
            branded={post.commercial.enabled && post.commercial.brandedContent}
            error={problems.privacyLevel}
            onChange={(privacyLevel) => change({ privacyLevel })}
          />
          <InteractionToggles
            creator={info}
            values={shown}
            only={post.format === 'photo' ? PHOTO_INTERACTIONS : undefined}
            onChange={(key, value) => change({ [key]: value })}
          />
          {(problems.allowComment ?? problems.allowDuet ?? problems.allowStitch) ? (
            <p className="text-sm text-red-700">
              {problems.allowComment ?? problems.allowDuet ?? problems.allowStitch}
            </p>
          ) : null}
        </fieldset>
      ) : null}
    </li>
  )
}
