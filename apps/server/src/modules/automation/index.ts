export { automationJobHandlers } from './automation.jobs'
export { createAutomationRepository, type AutomationRepository } from './automation.repository'
export { automationRoutes } from './automation.routes'
export { createAutomationService, type AutomationService, type AutomationTuning } from './automation.service'
