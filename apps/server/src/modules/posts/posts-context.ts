import { z } from 'zod'
import { MESSAGES, type Post } from '@hookpost/shared'
import type { EventBus } from '../../lib/events'
import { AppError } from '../../lib/errors'
import type { Log as BaseLog } from '../../lib/log'
import type { PlansService } from '../plans'
import { toPostDto, type PostPublishing } from '../publishing'
import type { TiktokAccountsService } from '../tiktok'
import type { PostIssue } from './post-rules'
import type { PostsRepository } from './posts.repository'

type Log = Pick<BaseLog, 'warn' | 'error'>

export interface PostsServiceDeps {
  repo: PostsRepository
  /** Creator options (UX rule 1) and, for drafts, the account's granted scopes. */
  accounts: Pick<TiktokAccountsService, 'creatorInfo' | 'get'>
  /** The publishing engine: a post's jobs move with its row, in its transaction (modules/publishing). */
  publishing: PostPublishing
  events: EventBus
  /** Plans and the trial (ADR 036): every post created, approved, retried or moved is checked in its transaction. */
  plans: Pick<PlansService, 'checkNewPost' | 'checkMovedPost'>
  /**
   * The posting queue (modules/queue, given by the composition root: the queue itself uses this service). A post moved
   * to another account leaves its account's queue, in the edit's transaction (ADR 043).
   */
  queue: { leave(tx: TransactionScope['tx'], userId: string, postId: string): Promise<boolean> }
  clock: () => Date
  log: Log
}

/** The transaction a post's row, its jobs and its plan check share (posts.repository.ts `transaction`). */
export type TransactionScope = Parameters<Parameters<PostsRepository['transaction']>[0]>[0]

export const uuid = z.uuid()

export function invalid(issue: PostIssue): AppError {
  return new AppError('VALIDATION_FAILED', issue.message, [issue])
}

/** The user's post as the API shows it; "not found" for anyone else's. */
export async function view({ repo }: PostsServiceDeps, userId: string, id: string): Promise<Post> {
  const found = await repo.findViewForUser(userId, id)
  if (!found) throw new AppError('NOT_FOUND', MESSAGES.notFound)
  return toPostDto(found)
}

export function announce({ events }: PostsServiceDeps, userId: string, post: Post) {
  events.publish(userId, { type: 'post.updated', post })
}

/** The post as it is now, told to the owner's open tabs and answered. */
export async function viewAndAnnounce(deps: PostsServiceDeps, userId: string, id: string): Promise<Post> {
  const post = await view(deps, userId, id)
  announce(deps, userId, post)
  return post
}

/** Unexpected failures become the spec's message for the action; domain errors pass through. */
export async function orFail<T>({ log }: PostsServiceDeps, message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (err) {
    if (err instanceof AppError) throw err
    log.error(`[posts] ${message}`, err)
    throw new AppError('INTERNAL', message)
  }
}
