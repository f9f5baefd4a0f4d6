import { createClientCore, type TiktokClientOptions } from './client-core'
import { displayCalls, type TiktokDisplayCalls } from './display'
import { oauthCalls, type TiktokOAuthCalls } from './oauth'
import { postingCalls, type TiktokPostingCalls } from './posting'
import { photoAndInboxCalls, type TiktokPhotoAndInboxCalls } from './posting-photo-inbox'

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
export {
  PHOTO_POST_LIMITS,
  urlOwnershipMessage,
  type TiktokPhotoPostInfo,
  type TiktokPhotoPostInput,
} from './posting-photo-inbox'

/**
 * The TikTok client: Login Kit (oauth.ts), the Content Posting API (posting.ts; drafts and photo posts in
 * posting-photo-inbox.ts) and the Display API (display.ts).
 */
export interface TiktokClient
  extends TiktokOAuthCalls, TiktokPostingCalls, TiktokPhotoAndInboxCalls, TiktokDisplayCalls {}

export function createTiktokClient(options: TiktokClientOptions): TiktokClient {
  const core = createClientCore(options)
  return { ...oauthCalls(core), ...postingCalls(core), ...photoAndInboxCalls(core), ...displayCalls(core) }
}
