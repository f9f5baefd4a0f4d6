// Stats sync (issue 19, Deliver 1): TikTok figures → post_stats / snapshots, relative views.
export { relativeViews, viewsAtAge, REFERENCE_AGE_MS, type PostReadings, type Reading } from './normalise'
export { nextAccountSyncAt, nextPostSyncAt, postSyncInterval } from './sync-schedule'
export { statsSyncJobHandlers } from './stats-sync.jobs'
export { createStatsSyncRepository, syncStateOf, type StatsSyncRepository } from './stats-sync.repository'
export { statsSyncRoutes } from './stats-sync.routes'
export {
  createStatsSyncService,
  DEFAULT_STATS_SYNC_TUNING,
  type StatsSyncService,
  type StatsSyncTuning,
} from './stats-sync.service'
// Reads for the Analytics tab (issue 19, Deliver 2–3).
export { recordPostHook } from './post-hook.repository'
export { hourEstimates } from './best-times'
export { createAnalyticsRepository, type AnalyticsRepository } from './analytics.repository'
export { analyticsRoutes } from './analytics.routes'
export { createAnalyticsService, type AnalyticsService } from './analytics.service'
