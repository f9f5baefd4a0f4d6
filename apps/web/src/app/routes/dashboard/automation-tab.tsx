import { useMemo, useRef, useState } from 'react'
import { Link } from 'react-router'
import type { AutomationOverview, AutomationSlot } from '@hookpost/shared/automation'
import { isLibraryVideo } from '@hookpost/shared/library'
import type { TiktokAccount } from '@hookpost/shared/tiktok'
import { linkClass } from '../../../components/ui/form'
import { useSavedImages } from '../../../features/ai/api/images'
import { useAutomation } from '../../../features/automation/api/get-automation'
import { AutomationPanel } from '../../../features/automation/components/automation-panel'
import { canRegenerate, RegenerateHook } from '../../../features/automation/components/regenerate-hook'
import { EditPostDialog } from '../../../features/posts/components/edit-post-dialog'
import { useProfile } from '../../../features/profile/api/profile-api'
import { useLibrary } from '../../../features/studio/api/get-library'
import { RenderedVideoPlayer } from '../../../features/studio/components/rendered-video-player'
import { useTiktokAccounts } from '../../../features/tiktok/api/get-accounts'
import { statusLabel } from '../../../features/tiktok/components/account-status-badge'
import { dateTimeWithZone } from '../../../lib/format'
import { tabHref } from './tabs'

/** The planned post's rendered video (with its burned-in hook), beside the caption being reviewed (issue 30 item 11). */
function plannedVideo(slot: AutomationSlot) {
  if (!slot.videoId || slot.format !== 'video') return null
  const when = dateTimeWithZone(slot.scheduledAt, slot.timeZone)
  const hook = slot.hookText ? `, with its hook “${slot.hookText}”` : ''
  return <RenderedVideoPlayer videoId={slot.videoId} label={`Video of the post of ${when}${hook}`} />
}

function findSlot(overview: AutomationOverview | undefined, slotId: string | null): AutomationSlot | null {
  if (!overview || !slotId) return null
  for (const run of overview.runs) for (const slot of run.slots) if (slot.id === slotId) return slot
  return null
}

/** 'Ana Cooks (@anacooks) · Sandbox', with its status when it cannot post: as the Schedule tab's picker says it. */
function accountLabel(account: TiktokAccount): string {
  const status = account.status === 'active' ? '' : ` · ${statusLabel(account.status)}`
  return `${account.accountName} (@${account.accountUsername})${status}${account.sandbox ? ' · Sandbox' : ''}`
}

/**
 * The Automation tab (product.md §2): the automation feature's panel, with the person's TikTok accounts (tiktok feature),
 * their Library (studio feature), their gallery (ai feature), their own time zone (profile feature) and the post editor (posts feature: review,
 * edit and approve a planned post from the History) composed here, since features never import each other.
 */
export function AutomationTab() {
  const accounts = useTiktokAccounts()
  const library = useLibrary()
  // Automation rotates videos: a slideshow is one once exported (its MP4), not before (issue 29).
  const libraryVideos = useMemo(() => (library.data?.videos ?? []).filter(isLibraryVideo), [library.data])
  const images = useSavedImages()
  const profile = useProfile()
  // The planned post under review, read live from the History: Regenerate moves it on while the dialog is open.
  const automation = useAutomation()
  const [editingId, setEditingId] = useState<string | null>(null)
  const [opened, setOpened] = useState<AutomationSlot | null>(null)
  const editing = findSlot(automation.data, editingId) ?? opened
  // Regenerate asked in this dialog (ADR 050): its result is said there.
  const [regeneratedId, setRegeneratedId] = useState<string | null>(null)
  // The dialog's form holds the post's caption as it was read: once a new one is on the post (not while it is being
  // made), the dialog is shown afresh with it.
  const [dialogKey, setDialogKey] = useState('')
  const contentKey =
    editing && !editing.regenerating ? `${editing.postId}\n${editing.title}\n${editing.description}` : null
  if (contentKey !== null && contentKey !== dialogKey) setDialogKey(contentKey)
  const [done, setDone] = useState<string | null>(null)
  const statusRef = useRef<HTMLParagraphElement>(null)
  return (
    <>
      {/* What the post editor did (saved, approved), said where it is seen and heard; the History shows it live too. */}
      <p
        ref={statusRef}
        role="status"
        tabIndex={-1}
        className={
          done
            ? 'mb-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900 focus:outline-none'
            : 'sr-only'
        }
      >
        {done}
      </p>
      {editing?.postId ? (
        <EditPostDialog
          key={dialogKey}
          postId={editing.postId}
          preview={
            canRegenerate(editing) ? (
              <div className="flex flex-col items-center">
                {plannedVideo(editing)}
                <RegenerateHook
                  slot={editing}
                  asked={regeneratedId === editing.id}
                  onAsked={() => setRegeneratedId(editing.id)}
                />
              </div>
            ) : (
              (plannedVideo(editing) ?? undefined)
            )
          }
          onDone={setDone}
          onClose={() => {
            setEditingId(null)
            setOpened(null)
            setRegeneratedId(null)
          }}
          fallbackFocus={statusRef}
        />
      ) : null}
      <AutomationPanel
        onEditPost={(slot) => {
          setDone(null)
          setRegeneratedId(null)
          setOpened(slot)
          setEditingId(slot.id)
        }}
        accounts={{
          status: accounts.status,
          items: (accounts.data ?? []).map((a) => ({
            id: a.id,
            label: accountLabel(a),
            canPost: a.status === 'active',
            timeZone: a.timeZone,
          })),
          retrying: accounts.isFetching,
          onRetry: () => void accounts.refetch(),
        }}
        library={{
          status: library.status,
          items: libraryVideos,
          preparing: library.data?.preparing ?? false,
          retrying: library.isFetching,
          onRetry: () => void library.refetch(),
        }}
        images={{
          status: images.status,
          items: (images.data ?? []).map((image) => ({
            id: image.id,
            url: image.url,
            description: image.prompt.trim() || 'An image you uploaded',
          })),
          retrying: images.isFetching,
          onRetry: () => void images.refetch(),
        }}
        profileTimeZone={profile.data?.timeZone ?? null}
        noAccounts={
          <p>
            <Link to={tabHref('schedule')} className={linkClass}>
              Connect a TikTok account in the Schedule tab
            </Link>
            , then come back to choose it here.
          </p>
        }
      />
    </>
  )
}
