import { TextField } from '../../../components/ui/form'

export function EmailField({ error }: { error: string | undefined }) {
  return <TextField label="Email address" name="email" type="email" autoComplete="email" required error={error} />
}
