import { useState } from 'react'
import { MESSAGES } from '@hookpost/shared/messages'
import type { CalendarPost, Post } from '@hookpost/shared/posts'
import { ApiRequestError, userMessage } from '../../../../lib/api-client'
import { useNotice } from '../../../../lib/use-notice'
import { useDeletePost } from '../../api/delete-post'
import { useApprovePost } from '../../api/edit-post'
import { usePostNow } from '../../api/post-now'
import { useRefreshPostStatuses } from '../../api/refresh-status'
import { useReschedulePost } from '../../api/reschedule-post'
import { useRetryPost } from '../../api/retry-post'
import { dateTimeIn, dayInOwnZoneAfterShift, planMove } from './calendar'

/** A dialog opened for a post: what is to be done with it. */
export type PostAction = { kind: 'move' | 'delete' | 'edit' | 'duplicate' | 'post-now'; postId: string }

/**
 * What can be done with the panel's posts, and what it says about it: the post whose details are open, the action
 * dialog on top of them, and the notice each outcome leaves.
 */
export function usePostActions(zone: string) {
  const reschedule = useReschedulePost()
  const remove = useDeletePost()
  const approve = useApprovePost()
  const retry = useRetryPost()
  const postNow = usePostNow()
  const refresh = useRefreshPostStatuses()
  const [notice, setNotice] = useNotice()
  const [detailsId, setDetailsId] = useState<string | null>(null)
  const [action, setAction] = useState<PostAction | null>(null)

  /** Sends the move, or returns why it is refused before sending anything. */
  function moveTo(post: CalendarPost, date: string): string | null {
    const plan = planMove(post, date, new Date())
    if (!plan.ok) return plan.message
    setNotice(null)
    reschedule.mutate(
      { post, body: plan.body, scheduledAt: plan.scheduledAt },
      {
        onSuccess: (saved) =>
          setNotice({ tone: 'success', text: `“${saved.title}” moved to ${dateTimeIn(saved.scheduledAt, zone)}.` }),
        onError: (error) => setNotice({ tone: 'error', text: userMessage(error) }),
      },
    )
    return null
  }

  function moveByDays(post: CalendarPost, shift: number) {
    const refusal = moveTo(post, dayInOwnZoneAfterShift(post, shift))
    if (refusal) setNotice({ tone: 'error', text: refusal })
  }

  /** 'Move to…': a move that is sent closes the dialogs; a refused one stays, saying why. */
  function moveFromDialog(post: CalendarPost, date: string): string | null {
    const refusal = moveTo(post, date)
    if (!refusal) {
      setAction(null)
      setDetailsId(null)
    }
    return refusal
  }

  function confirmDelete(post: CalendarPost) {
    remove.mutate(post.id, {
      onSuccess: () => setNotice({ tone: 'success', text: MESSAGES.videoDeleted }),
      onError: (error) =>
        setNotice({
          tone: 'error',
          // 409: it is being published right now; the server says so in the spec's words.
          text: error instanceof ApiRequestError && error.status === 409 ? error.message : MESSAGES.videoDeleteFailed,
        }),
      onSettled: () => {
        setAction(null)
        setDetailsId(null)
      },
    })
  }

  function approvePost(post: CalendarPost) {
    setNotice(null)
    approve.mutate(post.id, {
      onSuccess: () => setNotice({ tone: 'success', text: MESSAGES.postApproved }),
      onError: (error) => setNotice({ tone: 'error', text: userMessage(error) }),
      onSettled: () => setDetailsId(null),
    })
  }

  function retryPost(post: CalendarPost) {
    setNotice(null)
    retry.mutate(post.id, {
      onSuccess: (saved) => setNotice({ tone: 'success', text: `“${saved.title}” is being posted again now.` }),
      onError: (error) => setNotice({ tone: 'error', text: userMessage(error) }),
      onSettled: () => setDetailsId(null),
    })
  }

  function postNowConfirmed(post: CalendarPost) {
    setNotice(null)
    postNow.mutate(post.id, {
      // Its progress and its end ('Uploaded', or why not) arrive over the live events.
      onSuccess: (saved) => setNotice({ tone: 'success', text: `“${saved.title}” is being posted now.` }),
      onError: (error) => setNotice({ tone: 'error', text: userMessage(error) }),
      onSettled: () => {
        setAction(null)
        setDetailsId(null)
      },
    })
  }

  function edited(text: string) {
    setNotice({ tone: 'success', text })
    setDetailsId(null)
  }

  function duplicated(created: readonly Post[]) {
    const [first] = created
    if (!first) return
    // One copy per chosen account, all at the same time (issue 30 item 5).
    const where = created.length > 1 ? ` on ${created.map((p) => `@${p.account.accountUsername}`).join(', ')}` : ''
    setNotice({
      tone: 'success',
      text: `Duplicated: “${first.title}” is scheduled for ${dateTimeIn(first.scheduledAt, zone)}${where}.`,
    })
    setDetailsId(null)
  }

  function refreshStatuses() {
    setNotice(null)
    refresh.mutate(undefined, {
      onSuccess: () => setNotice({ tone: 'success', text: MESSAGES.statusesRefreshed }),
      onError: () => setNotice({ tone: 'error', text: MESSAGES.statusesRefreshFailed }),
    })
  }

  return {
    notice,
    clearNotice: () => setNotice(null),
    detailsId,
    openDetails: (post: CalendarPost) => setDetailsId(post.id),
    /** Opens a post's details by its id (the Schedule tab's "View post", ADR 042). */
    openDetailsOf: (postId: string) => setDetailsId(postId),
    closeDetails: () => setDetailsId(null),
    action,
    open: (kind: PostAction['kind'], post: CalendarPost) => setAction({ kind, postId: post.id }),
    closeAction: () => setAction(null),
    moveByDays,
    moveFromDialog,
    confirmDelete,
    approvePost,
    retryPost,
    postNowConfirmed,
    edited,
    duplicated,
    refreshStatuses,
    approving: approve.isPending,
    deleting: remove.isPending,
    posting: postNow.isPending,
    refreshing: refresh.isPending,
  }
}

export type PostActions = ReturnType<typeof usePostActions>
