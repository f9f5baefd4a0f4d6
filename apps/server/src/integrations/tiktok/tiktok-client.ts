import { createClientCore, type TiktokClientOptions } from './client-core'
import { displayCalls, type TiktokDisplayCalls } from './display'
import { oauthCalls, type TiktokOAuthCalls } from './oauth'
import { postingCalls, type TiktokPostingCalls } from './posting'

export type { TiktokClientOptions } from './client-core'
export { USER_FIELDS_BY_SCOPE, VIDEO_FIELDS, type TiktokUser, type TiktokVideo, type TiktokVideoPage } from './display'
export type { TiktokTokenSet } from './oauth'
export {
  CREATOR_INFO_MAX_WAIT_MS,
  CREATOR_INFO_RETRY_DELAY_MS,
  TIKTOK_PRIVACY_LEVELS,
  UPLOAD_URL_VALID_MS,
  type TiktokCreatorInfo,
  type TiktokDirectPostInit,
  type TiktokPostInfo,
  type TiktokPrivacyLevel,
  type TiktokPublishStatus,
  type TiktokPublishStatusValue,
  type TiktokVideoSource,
} from './posting'

/** The TikTok client: Login Kit (oauth.ts), the Content Posting API (posting.ts) and the Display API (display.ts). */
export interface TiktokClient extends TiktokOAuthCalls, TiktokPostingCalls, TiktokDisplayCalls {}

export function createTiktokClient(options: TiktokClientOptions): TiktokClient {
  const core = createClientCore(options)
  return { ...oauthCalls(core), ...postingCalls(core), ...displayCalls(core) }
}
