import { POST_LIMITS } from '@hookpost/shared/posts'
import { CharacterCount, Field } from '../../../components/ui/field'

/** The post's title (required, with TikTok's limit counted beside it): one field for scheduling and editing a post. */
export function TitleField({
  value,
  error,
  max = POST_LIMITS.title,
  onChange,
}: {
  value: string
  /** TikTok's limit: a video's title, or a photo post's 90 (tiktok-api.md §3.10). */
  max?: number
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <Field
      label="Title"
      required
      error={error}
      aside={<CharacterCount length={value.length} max={max} />}
      render={(props) => (
        <input {...props} name="title" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    />
  )
}
