import { useId, useState } from 'react'
import type { ContentIdea } from '@hookpost/shared/ai'
import type { AiProvider } from '../utils/providers'
import { ContentIdeaForm } from './content-idea-form'
import { ContentIdeas } from './content-ideas'
import type { HookAccount } from './hook-generator'

/**
 * The Hooks tab's AI content generator (product.md §2 Hooks tab, §5 content generation): a concept and tone ('other' with
 * the person's own words), keywords, custom text and prompt, up to five example hooks → content ideas (title, what to
 * film, the hook), each with Copy, Save as hook and Make this video.
 */
export function ContentGenerator({
  accounts,
  onSaveHook,
  onMakeVideo,
}: {
  accounts: readonly HookAccount[]
  /** Saves a hook's text (the studio's saved hooks); rejects with the reason when it could not. */
  onSaveHook: (text: string) => Promise<void>
  /** Opens Create Videos on an idea (composed by the app). */
  onMakeVideo?: (idea: ContentIdea) => void
}) {
  // One id for both sections, as when they were one component.
  const id = useId()
  const [ideas, setIdeas] = useState<ContentIdea[]>([])
  const [provider, setProvider] = useState<AiProvider | null>(null)
  // Why a copy or a save did not happen; asking for new ideas clears it.
  const [notice, setNotice] = useState<string | null>(null)

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ContentIdeaForm
        baseId={id}
        accounts={accounts}
        onStart={() => setNotice(null)}
        onIdeas={(next, by) => {
          setIdeas(next)
          setProvider(by)
        }}
      />
      <ContentIdeas
        baseId={id}
        ideas={ideas}
        provider={provider}
        notice={notice}
        onNotice={setNotice}
        onSaveHook={onSaveHook}
        onMakeVideo={onMakeVideo}
      />
    </div>
  )
}
