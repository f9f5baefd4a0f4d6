import { useAppInfo } from '../../../lib/app-info'
import { SOURCE_NOTES } from '../utils/providers'

/** Who will write (or make) what this panel generates: the built-in offline generator or the configured model. */
export function AiSourceNote({ kind }: { kind: keyof typeof SOURCE_NOTES }) {
  const appInfo = useAppInfo()
  const provider = appInfo.data?.ai?.[kind]
  if (!provider) return null
  return <p className="text-xs text-slate-600">{SOURCE_NOTES[kind][provider]}</p>
}
