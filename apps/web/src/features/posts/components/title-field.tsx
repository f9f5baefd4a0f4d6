import { POST_LIMITS } from '@hookpost/shared/posts'
import { CharacterCount, Field } from '../../../components/ui/field'

/** The post's title (required, with TikTok's limit counted beside it): one field for scheduling and editing a post. */
export function TitleField({
  value,
  error,
  onChange,
}: {
  value: string
  error: string | undefined
  onChange: (value: string) => void
}) {
  return (
    <Field
      label="Title"
      required
      error={error}
      aside={<CharacterCount length={value.length} max={POST_LIMITS.title} />}
      render={(props) => (
        <input {...props} name="title" autoComplete="off" value={value} onChange={(e) => onChange(e.target.value)} />
      )}
    />
  )
}
