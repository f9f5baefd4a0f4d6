import { randomUUID } from 'node:crypto'
import type { ContentTone, HookConcept } from '@hookpost/shared'
import type { Database } from '../../../db/client'
import { post, postHook, postStats } from '../../../db/schema'

/** A published post with its figures and score, as the stats sync (helper A) and post_hook (helper B) leave them. */
export interface ScoredPostSeed {
  publishedAt: Date
  relativeViews: number | null
  concept?: HookConcept | null
  tone?: ContentTone | null
  views?: number
}

/**
 * Writes published posts straight into the database with their post_stats row (and a post_hook row when a concept
 * or tone is given): what best times and the automation's bandit read.
 */
export async function seedScoredPosts(
  db: Database,
  owner: { userId: string; accountId: string },
  seeds: readonly ScoredPostSeed[],
): Promise<string[]> {
  if (seeds.length === 0) return []
  const rows = seeds.map((s) => ({ ...s, id: randomUUID() }))
  await db.insert(post).values(
    rows.map((s) => ({
      id: s.id,
      userId: owner.userId,
      accountId: owner.accountId,
      title: 'Seeded post',
      privacyLevel: 'SELF_ONLY' as const,
      disableComment: false,
      disableDuet: false,
      disableStitch: false,
      scheduledAt: s.publishedAt,
      timeZone: 'UTC',
      state: 'uploaded' as const,
      tiktokPostId: `seed-${s.id}`,
      publishedAt: s.publishedAt,
    })),
  )
  await db.insert(postStats).values(
    rows.map((s) => ({
      postId: s.id,
      userId: owner.userId,
      accountId: owner.accountId,
      tiktokVideoId: `seed-${s.id}`,
      publishedAt: s.publishedAt,
      views: s.views ?? 1000,
      nextSyncAt: new Date(s.publishedAt.getTime() + 7 * 86_400_000),
      relativeViews: s.relativeViews,
    })),
  )
  const hooks = rows.filter((s) => s.concept !== undefined || s.tone !== undefined)
  if (hooks.length > 0) {
    await db.insert(postHook).values(
      hooks.map((s) => ({
        postId: s.id,
        userId: owner.userId,
        accountId: owner.accountId,
        concept: s.concept ?? null,
        tone: s.tone ?? null,
      })),
    )
  }
  return rows.map((s) => s.id)
}
