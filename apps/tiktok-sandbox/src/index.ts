/**
 * TikTok sandbox: a stateful simulator of TikTok's documented Login Kit, Content Posting and Display APIs
 * (docs: tiktok-api.md), used as "TikTok" by tests and local development.
 */
export type { SandboxClientApp, SandboxOptions, TokenProfile } from './options'
export type { RunningSandbox } from './server'
export { buildSandboxApp } from './app'
export { startSandbox } from './server'
export { ADMIN_KEY_HEADER } from './routes/admin'
export { tiktokCodeChallenge } from './routes/oauth'
