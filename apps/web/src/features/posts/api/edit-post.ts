import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { postSchema, type Post } from '@hookpost/shared/posts'
import type { EditPostInput } from '@hookpost/shared/posts-changes'
import { z } from 'zod'
import { apiRequest } from '../../../lib/api-client'
import { upsertCachedPost } from './get-posts'
import { postsKey } from './posts-key'

const onePostResponseSchema = z.object({ post: postSchema })

export function postKey(id: string) {
  return [...postsKey, 'one', id] as const
}

/** GET /api/posts/:id: one of the person's posts (404 for anyone else's). */
export async function getPost(id: string): Promise<Post> {
  return onePostResponseSchema.parse(await apiRequest<unknown>(`/api/posts/${encodeURIComponent(id)}`)).post
}

/**
 * One whole post, for a dialog that shows or edits its details: fetched when the dialog opens (the calendar and the
 * List hold only what they show, issue 20), then kept current by the live events, which update this query too.
 */
export function usePost(id: string) {
  return useQuery(queryOptions({ queryKey: postKey(id), queryFn: () => getPost(id) }))
}

/**
 * PATCH /api/posts/:id: changes a post that has not started to go out (caption, privacy, interactions, time). 400
 * with the field in `details[].path` when a rule is broken; 409 once it is being published or done.
 */
export async function editPost(id: string, body: EditPostInput): Promise<Post> {
  const payload = await apiRequest<unknown>(`/api/posts/${encodeURIComponent(id)}`, { method: 'PATCH', body })
  return onePostResponseSchema.parse(payload).post
}

/**
 * The person's decision on a draft awaiting approval: POST /api/posts/:id/approve (it goes out at its time; 409 when
 * it is too late) or POST /api/posts/:id/reject (skipped for good, never posted; ADR 048).
 */
export async function decideDraft(id: string, decision: 'approve' | 'reject'): Promise<Post> {
  const payload = await apiRequest<unknown>(`/api/posts/${encodeURIComponent(id)}/${decision}`, { method: 'POST' })
  return onePostResponseSchema.parse(payload).post
}

export function useEditPost() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: EditPostInput }) => editPost(id, body),
    onSuccess: (post) => upsertCachedPost(queryClient, post),
  })
}

function useDraftDecision(decision: 'approve' | 'reject') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => decideDraft(id, decision),
    onSuccess: (post) => upsertCachedPost(queryClient, post),
    // Refused: the post changed meanwhile (skipped at its time, decided in another tab, published): show it as it is.
    onError: (_error, id) => queryClient.invalidateQueries({ queryKey: postKey(id) }),
  })
}

export const useApprovePost = () => useDraftDecision('approve')
export const useRejectPost = () => useDraftDecision('reject')
