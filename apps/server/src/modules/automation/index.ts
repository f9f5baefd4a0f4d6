export { automationJobHandlers } from './automation.jobs'
export { createAutomationRepository, type AutomationRepository } from './automation.repository'
export { automationRoutes } from './automation.routes'
export {
  createAutomationService,
  DEFAULT_AUTOMATION_TUNING,
  type AutomationService,
  type AutomationTuning,
} from './automation.service'
export { pickSlots } from './slot-picker'
