import { useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { deleteAccountBodySchema } from '@hookpost/shared/auth'
import { dangerButtonClass, secondaryButtonClass } from '../../../components/ui/button-styles'
import { TextField } from '../../../components/ui/form'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { RequestError } from '../../../components/ui/request-error'
import { useDeleteAccount } from '../../../lib/auth'
import { useFieldErrors } from './form-errors'

const FIELDS = ['password'] as const

/**
 * 'Delete my account' (issue 18 item 10): a dialog that asks for the password (a session left open on a shared
 * computer must not be enough), then everything goes and the person lands on the public site, signed out.
 */
export function DeleteAccountSection() {
  const [open, setOpen] = useState(false)
  const openerRef = useRef<HTMLButtonElement>(null)
  return (
    <section aria-labelledby="delete-heading" className="rounded-lg border border-red-200 bg-white p-4 sm:p-6">
      <h2 id="delete-heading" className="text-lg font-semibold text-slate-900">
        Delete account
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Deleting your account removes everything in it for good: your posts, videos, images, hooks, automation and
        connected TikTok accounts. TikTok is told to forget Hookpost&apos;s access. This cannot be undone.
      </p>
      <button ref={openerRef} type="button" className={`${dangerButtonClass} mt-4`} onClick={() => setOpen(true)}>
        Delete my account...
      </button>
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} fallbackFocus={openerRef} /> : null}
    </section>
  )
}

function DeleteAccountDialog({
  onClose,
  fallbackFocus,
}: {
  onClose: () => void
  fallbackFocus: RefObject<HTMLButtonElement | null>
}) {
  const id = useId()
  const passwordRef = useRef<HTMLInputElement>(null)
  const remove = useDeleteAccount()
  const { formRef, errors, clear, fromIssues, fromServer } = useFieldErrors(FIELDS)
  const [failure, setFailure] = useState<unknown>(null)
  const busy = remove.isPending || remove.isSuccess

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setFailure(null)
    const parsed = deleteAccountBodySchema.safeParse({ password: new FormData(event.currentTarget).get('password') })
    if (!parsed.success) {
      fromIssues(parsed.error.issues)
      return
    }
    clear()
    remove.mutate(parsed.data, {
      onError: (error) => {
        if (!fromServer(error)) setFailure(error)
      },
    })
  }

  return (
    <ModalDialog
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={onClose}
      initialFocus={passwordRef}
      fallbackFocus={fallbackFocus}
      preventClose={busy}
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-4 p-4 sm:p-6">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Delete your account?
        </h2>
        <p id={`${id}-text`} className="text-sm text-slate-700">
          Everything in your Hookpost account is deleted for good, and you are signed out. Enter your password to
          confirm.
        </p>
        <TextField
          ref={passwordRef}
          label="Your password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <RequestError error={failure} className="" />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className={secondaryButtonClass} onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className={dangerButtonClass} disabled={busy}>
            {busy ? 'Deleting account...' : 'Delete my account'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
