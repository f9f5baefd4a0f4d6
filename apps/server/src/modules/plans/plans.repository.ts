import { and, count, eq, gte, inArray, isNotNull, lt, ne, sql } from 'drizzle-orm'
import type { PlanId } from '@hookpost/shared'
import type { Database } from '../../db/client'
import {
  aiImage,
  billingEvent,
  createdVideo,
  mediaFile,
  photoSet,
  post,
  profile,
  subscription,
  tiktokAccount,
  user,
} from '../../db/schema'
import type { Executor } from '../../db/transactional'
import { COUNTED_POST_STATES, trialEndFor } from './plan-rules'

/** The database or the creating transaction a check runs in. */
export type { Executor }
export type SubscriptionRow = typeof subscription.$inferSelect

/**
 * The plans module's statements. Every one takes the executor it runs on, so a limit check runs inside the
 * transaction that creates the post or account it allows (the row lock and the count commit with the insert).
 */
export const plansQueries = {
  /**
   * The person's subscription row. Made at sign-up (`startTrial`); for people who signed up before plans existed, the
   * first time it is needed, with the trial starting at their sign-up (`user.created_at`, ADR 036). undefined for an
   * unknown user.
   */
  async ensure(db: Executor, userId: string): Promise<SubscriptionRow | undefined> {
    const [found] = await db.select().from(subscription).where(eq(subscription.userId, userId))
    if (found) return found
    const [person] = await db
      .select({ createdAt: user.createdAt, trialEndsAt: profile.trialEndsAt })
      .from(user)
      .leftJoin(profile, eq(profile.userId, user.id))
      .where(eq(user.id, userId))
    if (!person) return undefined
    // The trial end the profile has shown since sign-up, when it has one (it was sign-up + TRIAL_DAYS).
    const trialEndsAt = person.trialEndsAt ?? trialEndFor(person.createdAt)
    await db
      .insert(subscription)
      .values({ userId, status: 'trial', trialStartedAt: person.createdAt, trialEndsAt })
      .onConflictDoNothing()
    const [made] = await db.select().from(subscription).where(eq(subscription.userId, userId))
    return made
  },

  /** The trial of a person who just signed up: from `at` (sign-up, by the app's clock) for TRIAL_DAYS. */
  async startTrial(db: Executor, userId: string, at: Date): Promise<void> {
    await db
      .insert(subscription)
      .values({ userId, status: 'trial', trialStartedAt: at, trialEndsAt: trialEndFor(at) })
      .onConflictDoNothing()
  },

  async recordChosenPlan(db: Executor, userId: string, plan: PlanId): Promise<void> {
    await db
      .update(subscription)
      .set({ chosenPlan: plan, updatedAt: new Date() })
      .where(eq(subscription.userId, userId))
  },

  /** Takes the person's plan lock until the transaction ends (`db` must be a transaction). */
  async lock(db: Executor, userId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(subscription).where(eq(subscription.userId, userId)).for('update')
    return row
  },

  /** TikTok accounts that were ever connected (have a creator); ones only described by hand do not count. */
  async connectedAccounts(db: Executor, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(tiktokAccount)
      .where(and(eq(tiktokAccount.userId, userId), isNotNull(tiktokAccount.openId)))
    return row?.n ?? 0
  },

  /** Counted posts scheduled in [from, to), with their zones (the caller keeps those of one calendar month). */
  async countedPostsBetween(db: Executor, userId: string, from: Date, to: Date, exceptPostId?: string) {
    return db
      .select({ scheduledAt: post.scheduledAt, timeZone: post.timeZone })
      .from(post)
      .where(
        and(
          eq(post.userId, userId),
          inArray(post.state, [...COUNTED_POST_STATES]),
          gte(post.scheduledAt, from),
          lt(post.scheduledAt, to),
          ...(exceptPostId ? [ne(post.id, exceptPostId)] : []),
        ),
      )
  },

  /**
   * Bytes of everything the person stores (ADR 058), one SUM over every kind of stored file: media files (uploads,
   * renders, Library copies, image clips, slideshow exports), images, rendered videos' thumbnails and the JPEGs of
   * photo sets. The kinds are those `modules/media/storage-references.repository.ts` names; a new one belongs in both.
   * Live, so a deleted file's bytes are free at once.
   */
  async storageUsed(db: Executor, userId: string): Promise<number> {
    const stored = db
      .select({ bytes: sql<number>`${mediaFile.sizeBytes}`.as('bytes') })
      .from(mediaFile)
      .where(eq(mediaFile.userId, userId))
      .unionAll(
        db
          .select({ bytes: sql<number>`${aiImage.sizeBytes}` })
          .from(aiImage)
          .where(eq(aiImage.userId, userId)),
      )
      .unionAll(
        db
          // Thumbnails made before their size was kept (migration 0033) count as 0.
          .select({ bytes: sql<number>`coalesce(${createdVideo.thumbnailSizeBytes}, 0)` })
          .from(createdVideo)
          .where(eq(createdVideo.userId, userId)),
      )
      .unionAll(
        db
          .select({ bytes: sql<number>`(jsonb_array_elements(${photoSet.images}) ->> 'sizeBytes')::bigint` })
          .from(photoSet)
          .where(eq(photoSet.userId, userId)),
      )
      .as('stored')
    const [row] = await db.select({ total: sql<string>`coalesce(sum(${stored.bytes}), 0)` }).from(stored)
    return Number(row?.total ?? 0)
  },

  async activate(
    db: Executor,
    userId: string,
    input: {
      plan: PlanId
      provider: 'manual' | 'stripe'
      customerId: string | null
      subscriptionId: string | null
      currentPeriodEnd: Date | null
      /** The provider's event time (webhooks); manual choices leave it as it was. */
      lastEventAt?: Date
    },
    at: Date,
  ): Promise<boolean> {
    const rows = await db
      .update(subscription)
      .set({ ...input, status: 'active', updatedAt: at })
      .where(eq(subscription.userId, userId))
      .returning({ userId: subscription.userId })
    return rows.length > 0
  },

  async findBySubscriptionId(db: Executor, subscriptionId: string): Promise<SubscriptionRow | undefined> {
    const [row] = await db.select().from(subscription).where(eq(subscription.subscriptionId, subscriptionId))
    return row
  },

  /** The paid plan ended (the trial's dates stay: a trial still running goes on). */
  async end(db: Executor, userId: string, subscriptionId: string, lastEventAt: Date, at: Date): Promise<boolean> {
    const rows = await db
      .update(subscription)
      .set({ status: 'ended', plan: null, currentPeriodEnd: null, lastEventAt, updatedAt: at })
      .where(and(eq(subscription.userId, userId), eq(subscription.subscriptionId, subscriptionId)))
      .returning({ userId: subscription.userId })
    return rows.length > 0
  },

  /** Records a webhook event; false when it was recorded before (a re-send: apply nothing). */
  async recordEvent(
    db: Executor,
    event: { eventId: string; provider: 'manual' | 'stripe'; kind: string; userId: string | null },
  ): Promise<boolean> {
    const rows = await db
      .insert(billingEvent)
      .values(event)
      .onConflictDoNothing()
      .returning({ eventId: billingEvent.eventId })
    return rows.length > 0
  },
}

export function createPlansRepository(db: Database) {
  return {
    db,
    transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx))
    },
  }
}
export type PlansRepository = ReturnType<typeof createPlansRepository>
