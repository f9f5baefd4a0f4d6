export { createTiktokAccountRepository, type TiktokAccountRepository } from './accounts.repository'
export {
  createTiktokAccountsService,
  REFRESH_MARGIN_MS,
  TIKTOK_SCOPES,
  type TiktokAccountsService,
} from './accounts.service'
export { createSandboxCreatorsService, type SandboxCreatorsService } from './sandbox-creators.service'
export { sandboxCreatorRoutes, tiktokAccountRoutes } from './tiktok.routes'
export { tiktokJobHandlers } from './tiktok.jobs'
