export { accountRoutes } from './account.routes'
export { createAccountDeletionService, type AccountDeletionService } from './account-deletion.service'
export { createAccountRepository } from './account.repository'
