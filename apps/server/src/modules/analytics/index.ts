// Reads for the Analytics tab (issue 19, Deliver 2–3).
export { recordPostHook, rerecordPostHook } from './post-hook.repository'
export { hourEstimates } from './best-times'
export { createAnalyticsRepository, type AnalyticsRepository } from './analytics.repository'
export { analyticsRoutes } from './analytics.routes'
export { createAnalyticsService, type AnalyticsService } from './analytics.service'
// Best time to post (GET /api/analytics/best-times).
export { createBestTimesRepository, createBestTimesService, type BestTimesService } from './best-times.repository'
export { bestTimesRoutes } from './best-times.routes'
