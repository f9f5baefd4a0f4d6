export { createAuth, RESET_TOKEN_TTL_SECONDS, type Auth } from './auth'
export { authRoutes, sessionGuard } from './auth.routes'
export { createSessionsRepository, type SessionsRepository } from './sessions.repository'
export { createSessionWatch, SESSION_CHECK_INTERVAL_MS, type SessionWatch, type WatchedSession } from './session-watch'
