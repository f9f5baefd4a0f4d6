import { POST_LIMITS } from '@hookpost/shared/posts'
import { CharacterCount, Field } from '../../../components/ui/field'

/**
 * A created video's Title (required) and Description, with their character counts and errors: the same two fields on
 * the Create tab's form (also opened preset by the hook-demo route). `onChange` reports which field the person changed.
 */
export function VideoDetailsFields({
  title,
  description,
  errors,
  onChange,
}: {
  title: string
  description: string
  errors: { title?: string; description?: string }
  onChange: (field: 'title' | 'description', value: string) => void
}) {
  return (
    <>
      <Field
        label="Title"
        required
        error={errors.title}
        aside={<CharacterCount length={title.length} max={POST_LIMITS.title} />}
        render={(props) => (
          <input
            {...props}
            name="title"
            autoComplete="off"
            value={title}
            onChange={(e) => onChange('title', e.target.value)}
          />
        )}
      />
      <Field
        label="Description"
        error={errors.description}
        aside={<CharacterCount length={description.length} max={POST_LIMITS.description} />}
        render={(props) => (
          <textarea
            {...props}
            name="description"
            rows={3}
            value={description}
            onChange={(e) => onChange('description', e.target.value)}
          />
        )}
      />
    </>
  )
}
