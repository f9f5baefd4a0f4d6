import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { LibraryVideo } from '@hookpost/shared/library'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { MessageBanner } from '../../../components/ui/message-banner'
import { AiGeneration } from '../../../features/ai/components/ai-generation'
import { useChooseLibraryItem } from '../../../features/studio/api/choose-library-item'
import { LibraryBrowser } from '../../../features/studio/components/library-browser'
import { VideoRenderStatus } from '../../../features/studio/components/video-render-status'
import { replacementFromVideo, replacementLocationState } from '../../../features/studio/utils/draft-replacement'
import { studioErrorMessage } from '../../../features/studio/utils/errors'
import { STUDIO_MESSAGES } from '../../../features/studio/utils/messages'
import { TransformHookGenerator } from './account-hook-generator'
import { tabHref } from './tabs'

/**
 * The AI Generation tab (product.md §2): the AI feature's images and Transform to Video, with the studio's Library as the
 * demo video picker, the AI hook generator suggesting its hook, and the studio's videos list following the video it
 * makes as it renders; once ready, "Edit as new" opens it in Create Videos to change the hook or add more overlays.
 */
export function AiGenerationTab() {
  const choose = useChooseLibraryItem()
  const [demo, setDemo] = useState<{ itemId: string; mediaId: string; title: string } | null>(null)
  const [choosingId, setChoosingId] = useState<string | null>(null)
  const [demoError, setDemoError] = useState<string | null>(null)
  const navigate = useNavigate()

  function chooseDemo(item: LibraryVideo) {
    if (choose.isPending) return
    setDemoError(null)
    setChoosingId(item.id)
    choose.mutate(item.id, {
      onSettled: () => setChoosingId(null),
      onSuccess: (media) => setDemo({ itemId: item.id, mediaId: media.id, title: item.title }),
      onError: (error) => setDemoError(studioErrorMessage(error, STUDIO_MESSAGES.libraryVideoFailed)),
    })
  }

  return (
    <AiGeneration
      demoMediaId={demo?.mediaId ?? null}
      demoPicker={
        <div className="space-y-2">
          <LibraryBrowser selectedId={demo?.itemId ?? null} choosingId={choosingId} onChoose={chooseDemo} />
          {demoError ? <MessageBanner tone="error">{demoError}</MessageBanner> : null}
          <p role="status" className="text-sm text-slate-700">
            {demo ? `Demo video: ${demo.title}` : ''}
          </p>
        </div>
      }
      hookGenerator={(slot) => <TransformHookGenerator {...slot} />}
      renderResult={(videoId) => (
        <VideoRenderStatus
          videoId={videoId}
          listHref={tabHref('create')}
          actions={(video) => (
            <button
              type="button"
              className={secondaryButtonClass}
              aria-label={`Edit ${video.title} as a new video`}
              onClick={() =>
                void navigate(tabHref('create'), { state: replacementLocationState(replacementFromVideo(video)) })
              }
            >
              Edit as new
            </button>
          )}
        />
      )}
    />
  )
}
