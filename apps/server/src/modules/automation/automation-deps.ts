import type {
  AiImage,
  BestTimes,
  LibraryItem,
  MediaFile,
  Slideshow,
  slideshowInputSchema,
  TiktokAccount,
  writeSlideshowInputSchema,
  WrittenSlideshow,
} from '@hookpost/shared'
import type { z } from 'zod'
import type { AppError } from '../../lib/errors'
import type { EventBus } from '../../lib/events'
import type { JobQueue } from '../../lib/job-queue'
import type { Log } from '../../lib/log'
import type { AiWriter } from '../ai'
import type { Notify } from '../notifications'
import type { PostsService } from '../posts'
import type { VideosService } from '../videos'
import type { AutomationRepository } from './automation.repository'

export interface AutomationTuning {
  /** The daily planning covers today and this many days after it (so at least 24 h ahead is always planned). */
  horizonDays: number
  /**
   * Run Now's post, when it needs approval, is due this long after it is made: time to review it (ADR 050); the
   * approval reminder (ADR 048) comes at once.
   */
  runNowReviewMs: number
  /** A post is planned at least this long ahead: time to write its hook and render its video. */
  leadMs: number
  /** While its video renders, a planned post is looked at again this often. */
  renderPollSeconds: number
  /** A worker's hold on a post it is making the video of; past it, another worker may take it. */
  claimLeaseMs: number
  /** The sweep re-sends the job of a planned post untouched for this long. */
  staleAfterMs: number
  /** A planned post that still could not be scheduled this long after its time is given up. */
  giveUpAfterMs: number
  /** TikTok's posting cap per creator per 24 h ("typically around 15", tiktok-api.md §4.4). */
  dailyPostCap: number
  /** Runs the History shows. */
  historyRuns: number
}

export const DEFAULT_AUTOMATION_TUNING: AutomationTuning = {
  horizonDays: 2,
  runNowReviewMs: 60 * 60_000,
  leadMs: 10 * 60_000,
  renderPollSeconds: 3,
  claimLeaseMs: 5 * 60_000,
  staleAfterMs: 2 * 60_000,
  giveUpAfterMs: 60 * 60_000,
  dailyPostCap: 15,
  historyRuns: 20,
}

export interface AutomationDeps {
  repo: AutomationRepository
  writer: AiWriter
  library: {
    list(userId: string): Promise<{ videos: LibraryItem[] }>
    use(userId: string, itemId: string): Promise<MediaFile>
  }
  videos: Pick<VideosService, 'create' | 'remove'>
  /** The gallery (modules/images): the images a slideshow automation may draw its backgrounds from. */
  images: { listSaved(userId: string): Promise<AiImage[]> }
  /** Slideshows (modules/slideshows, issue 29): made and rendered like a created video, removed when not wanted. */
  slideshows: {
    create(userId: string, input: z.output<typeof slideshowInputSchema>): Promise<Slideshow>
    remove(userId: string, id: string): Promise<void>
  }
  /** The AI slideshow writer (modules/ai): a hook slide, `points` point slides and a call to action. */
  writeSlideshow(userId: string, input: z.output<typeof writeSlideshowInputSchema>): Promise<WrittenSlideshow>
  posts: Pick<PostsService, 'scheduleAt' | 'remove' | 'redraft'>
  accounts: { get(userId: string, accountId: string): Promise<TiktokAccount> }
  /** The person's own zone (profile), when the account has none. */
  profileZone(userId: string): Promise<string | null>
  /** The account's best times to post (modules/analytics/best-times): what posting times 'best' follows. */
  bestTimes(userId: string, accountId: string): Promise<BestTimes>
  queue: JobQueue
  events: EventBus
  /** Plans and the trial (ADR 036): once the trial ended without a plan, nothing new is planned. */
  plans?: { newPostsRefusal(userId: string): Promise<AppError | null> }
  /** The notifications port (ADR 034): a run's drafts awaiting approval are told once (ADR 048). */
  notify?: Notify
  clock: () => Date
  /** A fresh seed per planning run (tests pass a fixed one). */
  seed?: () => number
  log: Log
  tuning?: Partial<AutomationTuning>
}

/** What every part of the automation service shares: its dependencies, the tuning in force, the live-update nudge. */
export interface AutomationContext {
  deps: AutomationDeps
  tuning: AutomationTuning
  announce(userId: string): void
}
