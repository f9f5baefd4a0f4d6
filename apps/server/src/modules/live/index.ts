// Live events (GET /api/events): the signed-in user's stream of what changed (posts, created videos, automation).
export { liveEventRoutes, MAX_STREAMS_PER_USER, type StreamSessions } from './live-events.routes'
