import type { CreatorInfo } from '@hookpost/shared/posts'
import type { Slideshow } from '@hookpost/shared/slideshows'
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

/** A rendered slideshow of three image slides, as `GET /api/slideshows` lists it. */
export function makeSlideshow(overrides: Partial<Slideshow> = {}): Slideshow {
  return {
    id: 'ss-1',
    title: 'Three sleep tips',
    slides: [0, 1, 2].map((i) => ({
      source: { kind: 'image', imageId: `img-${i}` },
      overlays: [],
      sourceUrl: `/api/images/img-${i}/file`,
      imageUrl: `/api/slideshows/ss-1/slides/${i}.jpg`,
    })),
    coverIndex: 0,
    state: 'processed',
    progress: 100,
    errorMessage: null,
    photoSetId: 'ps-1',
    export: { state: 'none', progress: 0, secondsPerSlide: 3, errorMessage: null, mediaId: null, videoUrl: null },
    createdAt: '2027-01-09T12:00:00.000Z',
    updatedAt: '2027-01-09T12:00:00.000Z',
    ...overrides,
  }
}
