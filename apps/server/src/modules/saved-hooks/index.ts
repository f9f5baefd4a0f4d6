export { createSavedHooksRepository, type SavedHooksRepository } from './saved-hooks.repository'
export { savedHookRoutes } from './saved-hooks.routes'
export { createSavedHooksService, type SavedHooksService } from './saved-hooks.service'
