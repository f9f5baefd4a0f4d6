// Stats sync (issue 19, Deliver 1): TikTok figures → post_stats / snapshots, relative views.
export { relativeViews, viewsAtAge, REFERENCE_AGE_MS, type PostReadings, type Reading } from './normalise'
export { nextAccountSyncAt, nextPostSyncAt, postSyncInterval } from './sync-schedule'
export { statsSyncJobHandlers } from './stats-sync.jobs'
export { createStatsSyncRepository, type StatsSyncRepository } from './stats-sync.repository'
export { syncStateOf } from './sync-state.repository'
export { statsSyncRoutes } from './stats-sync.routes'
export {
  createStatsSyncService,
  DEFAULT_STATS_SYNC_TUNING,
  type StatsSyncService,
  type StatsSyncTuning,
} from './stats-sync.service'
