export { createPlansRepository, type PlansRepository } from './plans.repository'
export { createPlansService, type PlansService, type PostToCount } from './plans.service'
export { billingRoutes, billingWebhookRoutes } from './billing.routes'
