import type { CreatorInfo } from '@hookpost/shared/posts'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { makeAccount as makeAnyAccount } from '../../../testing/api-mock'

export { mockApi, notFound, renderWithQueryClient, type ApiCall, type ApiReply } from '../../../testing/api-mock'
export { fakeUploader, makeMedia, videoFile } from '../../../testing/uploads'

/** The posts tests' account: always `acc-1`, so request bodies can be asserted. */
export function makeAccount(overrides: Partial<TiktokAccount> = {}): TiktokAccount {
  return makeAnyAccount({ id: 'acc-1', ...overrides })
}

export function makeCreatorInfo(overrides: Partial<CreatorInfo> = {}): CreatorInfo {
  return {
    nickname: 'Ana on TikTok',
    username: 'anacooks',
    avatarUrl: null,
    privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
    commentDisabled: false,
    duetDisabled: false,
    stitchDisabled: false,
    maxVideoPostDurationSec: 600,
    cannotPostReason: null,
    ...overrides,
  }
}
