import type { Config } from '../config'
import type { DatabaseHandle } from '../db/client'
import type { MediaStorage } from '../integrations/storage'
import type { EventBus } from '../lib/events'
import type { QueueRuntime } from '../lib/job-queue'
import type { Log } from '../lib/log'
import type { AutomationTuning } from '../modules/automation'
import type { StatsSyncTuning } from '../modules/stats-sync'
import type { PublishingSettings } from '../modules/publishing'
import type { RenderFunction, RenderSettings } from '../modules/videos'
import type { SlideshowRenderSettings } from '../modules/slideshows'

export type RuntimeMode = 'all' | 'api' | 'worker'

/** What createRuntime (runtime.ts) is told: the process's part, and what tests and benches change. */
export interface RuntimeOptions {
  mode: RuntimeMode
  config?: Config
  log?: Log
  httpLogger?: boolean
  /** Publishing engine tuning (tests shorten the deadlines). */
  posts?: Partial<PublishingSettings>
  /** Render engine tuning (tests shorten the lease and back-off). */
  videos?: Partial<RenderSettings>
  slideshows?: Partial<SlideshowRenderSettings>
  /** The renderer (default: integrations/ffmpeg/render's ffmpeg renderer); tests may stand in for it. */
  render?: RenderFunction
  /**
   * Make the Library's stock clips that are missing, in the background, at start (default: in processes that run
   * the worker). Integration tests that do not need them skip the few seconds of ffmpeg.
   */
  prepareStock?: boolean
  /** The clock every service reads (default: the system's); integration tests move it to test days ahead. */
  clock?: () => Date
  /** Automation tuning and the planner's random seed (tests fix it). */
  automation?: Partial<AutomationTuning>
  automationSeed?: () => number
  /** Stats sync tuning (the bench and tests change how much one run reads). */
  statsSync?: Partial<StatsSyncTuning>
  /**
   * How open event streams follow their sessions (ADR 021): the clock expiry is judged by (default: the system's,
   * which better-auth uses) and how often every session is checked again (default 15 s).
   */
  sessions?: { clock?: () => Date; checkIntervalMs?: number }
}

/** What createRuntime opens before any service, and every service is built from. */
export interface RuntimeBase {
  config: Config
  log: Log
  /** The clock every service reads. */
  clock: () => Date
  mediaStorage: MediaStorage
  database: DatabaseHandle
  queue: QueueRuntime
  events: EventBus
}
