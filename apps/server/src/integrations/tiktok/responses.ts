import { z } from 'zod'

/**
 * zod schemas for what TikTok answers. OAuth endpoints answer flat JSON (tiktok-api.md §1.4, §1.6); every other endpoint wraps its
 * payload in `{ data, error: { code, message, log_id } }` (tiktok-api.md §3, §4.1). Optional fields accept `null` as "absent".
 */

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((value) => value ?? undefined)

/** tiktok-api.md §1.4 token response (authorization_code and refresh_token grants). */
export const oauthTokenSchema = z.object({
  open_id: z.string().min(1),
  scope: z.string(),
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1),
  refresh_expires_in: z.number().int().positive(),
  token_type: optional(z.string()),
})

/** tiktok-api.md §1.4 / tiktok-api.md §1.7 OAuth error: `{ error, error_description, log_id }`. */
export const oauthErrorSchema = z.object({
  error: z.string().min(1),
  error_description: optional(z.string()),
  log_id: optional(z.string()),
})

/** tiktok-api.md §4.1 the v2 error object; `code: "ok"` means success. Doc tables say `logid`, every example `log_id`. */
export const apiEnvelopeSchema = z.object({
  data: z.unknown().optional(),
  error: z.object({
    code: z.string().min(1),
    message: optional(z.string()),
    log_id: optional(z.string()),
  }),
})

/** tiktok-api.md §2 User Object: only the requested fields come back. */
export const userInfoDataSchema = z.object({
  user: z.object({
    open_id: z.string().min(1),
    union_id: optional(z.string()),
    avatar_url: optional(z.string()),
    avatar_url_100: optional(z.string()),
    avatar_large_url: optional(z.string()),
    display_name: optional(z.string()),
    bio_description: optional(z.string()),
    profile_deep_link: optional(z.string()),
    is_verified: optional(z.boolean()),
    username: optional(z.string()),
    follower_count: optional(z.number().int()),
    following_count: optional(z.number().int()),
    likes_count: optional(z.number().int()),
    video_count: optional(z.number().int()),
  }),
})

/** tiktok-api.md §3.1 creator_info. */
export const creatorInfoDataSchema = z.object({
  creator_avatar_url: z.string(),
  creator_username: z.string(),
  creator_nickname: z.string(),
  privacy_level_options: z.array(z.string()),
  comment_disabled: z.boolean(),
  duet_disabled: z.boolean(),
  stitch_disabled: z.boolean(),
  max_video_post_duration_sec: z.number().int().nonnegative(),
})

/** tiktok-api.md §3.2 video/init: `upload_url` only for FILE_UPLOAD. */
export const initDataSchema = z.object({
  publish_id: z.string().min(1),
  upload_url: optional(z.url()),
})

/** tiktok-api.md §3.10 content/init: a pull has no upload_url. */
export const contentInitDataSchema = z.object({ publish_id: z.string().min(1) })

export const publishStatusSchema = z.enum([
  'PROCESSING_UPLOAD',
  'PROCESSING_DOWNLOAD',
  'SEND_TO_USER_INBOX',
  'PUBLISH_COMPLETE',
  'FAILED',
])

const digits = z.string().regex(/^\d+$/, 'a post id is a string of digits')

/** tiktok-api.md §3.7 status/fetch. The post ids arrive here as strings: see `protectLargeIntegers`. */
export const statusDataSchema = z.object({
  status: publishStatusSchema,
  fail_reason: optional(z.string()),
  publicaly_available_post_id: optional(z.array(digits)),
  uploaded_bytes: optional(z.number().int().nonnegative()),
  downloaded_bytes: optional(z.number().int().nonnegative()),
})

/** tiktok-api.md §5.3 Video Object: only the requested fields come back; `id` is always requested. */
export const videoSchema = z.object({
  id: digits,
  create_time: optional(z.number().int()),
  cover_image_url: optional(z.string()),
  share_url: optional(z.string()),
  video_description: optional(z.string()),
  duration: optional(z.number()),
  height: optional(z.number().int()),
  width: optional(z.number().int()),
  title: optional(z.string()),
  embed_link: optional(z.string()),
  like_count: optional(z.number().int()),
  comment_count: optional(z.number().int()),
  share_count: optional(z.number().int()),
  view_count: optional(z.number().int()),
})

/** tiktok-api.md §5.1 video/list. */
export const videoListDataSchema = z.object({
  videos: z.array(videoSchema),
  cursor: optional(z.number().int()),
  has_more: z.boolean(),
})

/** tiktok-api.md §5.2 video/query. */
export const videoQueryDataSchema = z.object({ videos: z.array(videoSchema) })

const INTEGER = /^-?\d+$/

/**
 * TikTok sends `publicaly_available_post_id` as an array of 19-digit JSON *numbers* (tiktok-api.md §3.7, C2); `JSON.parse` would
 * round them to the nearest double. Before parsing, quote the bare integers of that array (and of any `"id": <int>`,
 * should a video id ever arrive unquoted) so they reach zod as exact digit strings. A JSON key can only appear
 * unescaped outside string values, so the patterns cannot match inside a caption.
 */
export function protectLargeIntegers(json: string): string {
  return json
    .replace(
      /("publicaly_available_post_id"\s*:\s*\[)([^\]]*)(\])/g,
      (_match, open: string, items: string, close: string) => {
        const quoted = items
          .split(',')
          .map((item) => {
            const value = item.trim()
            return INTEGER.test(value) ? item.replace(value, `"${value}"`) : item
          })
          .join(',')
        return `${open}${quoted}${close}`
      },
    )
    .replace(/("id"\s*:\s*)(-?\d+)(?=\s*[,}])/g, '$1"$2"')
}
