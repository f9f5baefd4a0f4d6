import type { Post } from '@hookpost/shared/posts'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { LoadError } from '../../../components/ui/load-error'
import { Spinner } from '../../../components/ui/spinner'
import { useAccountOptions } from '../api/get-account-options'
import type { useDuplicateDraft } from '../hooks/use-duplicate-draft'
import { DuplicateAccountChoice } from './duplicate-account-choice'

/**
 * 'Duplicate to': a checkbox per connected account, the post's own first and ticked to start. Until the accounts
 * have loaded (or when they cannot be), the post's own account is offered alone.
 */
export function DuplicateAccountChoices({ post, draft }: { post: Post; draft: ReturnType<typeof useDuplicateDraft> }) {
  const accounts = useAccountOptions()
  const own = accounts.data?.find((a) => a.id === post.accountId)
  const others = (accounts.data ?? []).filter((a) => a.id !== post.accountId)
  const ownChoice = {
    id: post.accountId,
    accountName: own?.accountName ?? post.account.accountName,
    accountUsername: own?.accountUsername ?? post.account.accountUsername,
    status: own?.status ?? 'active',
  }
  const row = (account: Pick<TiktokAccount, 'id' | 'accountName' | 'accountUsername' | 'status'>, isOwn: boolean) => (
    <DuplicateAccountChoice key={account.id} post={post} account={account} own={isOwn} draft={draft} />
  )
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">Duplicate to</legend>
      <ul className="mt-2 space-y-3">
        {row(ownChoice, true)}
        {others.map((account) => row(account, false))}
      </ul>
      {accounts.isPending ? (
        <Spinner label="Loading your other accounts..." className="mt-2 h-5 w-5 border-2" />
      ) : accounts.isError ? (
        <LoadError
          message="Your other TikTok accounts could not be loaded."
          retrying={accounts.isFetching}
          onRetry={() => void accounts.refetch()}
          className="mt-2 space-y-2"
        />
      ) : null}
    </fieldset>
  )
}
