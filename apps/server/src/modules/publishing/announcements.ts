import type { Engine } from './engine'
import { toPostDto } from './post-dto'
import type { PostView } from './post-views.repository'

type Announcer = Pick<Engine, 'repo' | 'events' | 'notify' | 'log'>

/**
 * A post that became `failed`: one notice per failed attempt (the notifications module drops repeats); a draft that
 * reached the TikTok inbox: one notice per publish. Before the post's event, so a tab that sees the change already has
 * its notice.
 */
function noticeIfFailed({ notify }: Announcer, view: PostView): Promise<void> {
  if (view.state === 'sent_to_inbox' && view.publishId) {
    // issue 29: the draft waits for the creator in TikTok; one notice per publish (the key names the publish_id).
    return notify({
      kind: 'post_in_inbox',
      userId: view.userId,
      postId: view.id,
      publishId: view.publishId,
      postTitle: view.title,
      accountUsername: view.account.accountUsername,
    })
  }
  return view.state === 'failed'
    ? notify({
        kind: 'post_failed',
        userId: view.userId,
        postId: view.id,
        attempt: view.attempts,
        postTitle: view.title,
        accountUsername: view.account.accountUsername,
        reason: view.errorMessage,
      })
    : Promise.resolve()
}

/** Tells the owner's open tabs the post's new state (best effort: a failure here never undoes the change). */
export async function announce(engine: Announcer, postId: string): Promise<void> {
  try {
    const view = await engine.repo.findViewInternal(postId)
    if (view) await noticeIfFailed(engine, view)
    if (view) engine.events.publish(view.userId, { type: 'post.updated', post: toPostDto(view) })
  } catch (err) {
    engine.log.warn(`[posts] announcing post ${postId} failed: ${err instanceof Error ? err.message : String(err)}`)
  }
}

/** `announce` for posts that changed together, with one read. */
export async function announceMany(engine: Announcer, postIds: string[]): Promise<void> {
  if (postIds.length === 0) return
  try {
    for (const view of await engine.repo.findViewsInternal(postIds)) {
      await noticeIfFailed(engine, view)
      engine.events.publish(view.userId, { type: 'post.updated', post: toPostDto(view) })
    }
  } catch (err) {
    engine.log.warn(
      `[posts] announcing ${postIds.length} posts failed: ${err instanceof Error ? err.message : String(err)}`,
    )
  }
}
