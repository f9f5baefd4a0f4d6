export { createAuth, RESET_TOKEN_TTL_SECONDS, type Auth } from './auth'
export { authRoutes, sessionGuard } from './auth.routes'
