import { useId, useRef, useState, type FormEvent, type RefObject } from 'react'
import { flushSync } from 'react-dom'
import { ACCOUNT_LIMITS, accountFormSchema, usernameFromTiktok, type TiktokAccount } from '@hookpost/shared/tiktok'
import { MESSAGES } from '@hookpost/shared/messages'
import { Field as FormField } from '../../../components/ui/field'
import { buttonClass, fieldErrors } from '../../../components/ui/form'
import { MessageBanner } from '../../../components/ui/message-banner'
import { useCreateTiktokAccount } from '../api/create-account'
import { useUpdateTiktokAccount } from '../api/update-account'
import { serverFieldErrors } from '../../../lib/api-client'
import {
  ACCOUNT_TABS,
  firstFieldInError,
  initialValues,
  knownFieldErrors,
  tabOf,
  type AccountErrors,
  type AccountField,
  type AccountTab,
  type AccountValues,
} from '../utils/account-form'
import { tiktokErrorMessage } from '../utils/error-message'
import { secondaryButtonClass } from '../../../components/ui/button-styles'
import { ModalDialog } from '../../../components/ui/modal-dialog'
import { TabList, tabIds } from '../../../components/ui/tab-list'
import { AccountDescriptionFields } from './account-description-fields'
import { AccountTimeZoneField } from './account-time-zone-field'

export type AccountSaved = 'added' | 'updated'

/**
 * Add or edit a TikTok account (product.md §2 Schedule tab item 3, §5): tabs 'Basic Info' (name and username, required) and
 * 'Account Description' (audience, niche, goals: what the AI hook generator writes for). Validated with the shared
 * `accountFormSchema`; when a failing field is on the other tab, that tab opens and the field gets focus. An account
 * authorised on TikTok shows its @username read-only: it is TikTok's (issue 30).
 */
export function AccountDialog({
  account,
  onClose,
  onSaved,
  fallbackFocus,
  initialTab = 'basic',
}: {
  /** null: add a new account. */
  account: TiktokAccount | null
  /** The tab it opens on: 'description' from "Edit account description" beside an AI message (issue 30). */
  initialTab?: AccountTab
  onClose: () => void
  onSaved: (result: AccountSaved) => void
  fallbackFocus?: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const titleId = `${id}-title`
  const formRef = useRef<HTMLFormElement>(null)
  const firstFieldRef = useRef<HTMLInputElement>(null)
  const firstDescriptionRef = useRef<HTMLTextAreaElement>(null)
  const [tab, setTab] = useState<AccountTab>(initialTab)
  const lockedUsername = account !== null && usernameFromTiktok(account)
  const [values, setValues] = useState<AccountValues>(() => initialValues(account))
  const [errors, setErrors] = useState<AccountErrors>({})
  // null: the account follows the profile's zone (the server's default for an account without one).
  const [timeZone, setTimeZone] = useState<string | null>(account?.timeZone ?? null)
  const create = useCreateTiktokAccount()
  const update = useUpdateTiktokAccount()
  const saving = create.isPending || update.isPending
  const saveError = account ? update.error : create.error

  const tabId = (key: AccountTab) => tabIds(id, key).tabId
  const panelId = (key: AccountTab) => tabIds(id, key).panelId

  function showField(field: AccountField) {
    // The field may sit in the hidden panel: render that panel first, then focus.
    flushSync(() => setTab(tabOf(field)))
    const element = formRef.current?.elements.namedItem(field)
    if (element instanceof HTMLElement) element.focus()
  }

  function change(field: AccountField, value: string) {
    setValues((v) => ({ ...v, [field]: value }))
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }))
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    const parsed = accountFormSchema.safeParse(values)
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues)
      setErrors(found)
      const first = firstFieldInError(found)
      if (first) showField(first)
      return
    }
    setErrors({})
    const options = {
      onError: (error: unknown) => {
        const known = knownFieldErrors(serverFieldErrors(error))
        setErrors(known)
        const first = firstFieldInError(known)
        if (first) showField(first)
      },
    }
    if (account) {
      update.mutate(
        { id: account.id, body: { ...parsed.data, timeZone } },
        { ...options, onSuccess: () => onSaved('updated') },
      )
    } else {
      create.mutate({ ...parsed.data, timeZone }, { ...options, onSuccess: () => onSaved('added') })
    }
  }

  const detail = saveError ? tiktokErrorMessage(saveError, '') : ''

  return (
    <ModalDialog
      labelledBy={titleId}
      onClose={onClose}
      initialFocus={initialTab === 'description' ? firstDescriptionRef : firstFieldRef}
      fallbackFocus={fallbackFocus}
      preventClose={saving}
    >
      <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4 p-4 sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {account ? 'Edit TikTok Account' : 'Add TikTok Account'}
        </h2>
        {account ? null : (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {MESSAGES.manualAccountCannotPost}
          </p>
        )}
        {saveError ? (
          <MessageBanner tone="error">
            <p>{MESSAGES.saveAccountFailed}</p>
            {detail && detail !== MESSAGES.saveAccountFailed ? <p className="mt-1">{detail}</p> : null}
          </MessageBanner>
        ) : null}

        <TabList
          label="Account details"
          baseId={id}
          selected={tab}
          onSelect={setTab}
          tabs={ACCOUNT_TABS.map((t) => ({
            key: t.key,
            label: t.label,
            extra: t.fields.some((f) => errors[f]) ? (
              <span className="ml-1 text-red-700">
                <span aria-hidden="true">!</span>
                <span className="sr-only"> (has errors)</span>
              </span>
            ) : null,
          }))}
        />

        <div
          role="tabpanel"
          id={panelId('basic')}
          aria-labelledby={tabId('basic')}
          hidden={tab !== 'basic'}
          className="space-y-4"
        >
          <FormField
            label="Account name"
            required
            error={errors.accountName}
            render={(props) => (
              <input
                {...props}
                ref={firstFieldRef}
                name="accountName"
                autoComplete="off"
                maxLength={ACCOUNT_LIMITS.name}
                value={values.accountName}
                onChange={(e) => change('accountName', e.target.value)}
              />
            )}
          />
          <FormField
            label="Username"
            required={!lockedUsername}
            hint={
              lockedUsername
                ? 'This comes from TikTok and cannot be changed here. It is updated each time you reconnect the account.'
                : 'Your TikTok handle, with or without the @.'
            }
            error={errors.accountUsername}
            render={(props) => (
              <input
                {...props}
                name="accountUsername"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                readOnly={lockedUsername}
                className={lockedUsername ? `${props.className} bg-slate-100 text-slate-700` : props.className}
                maxLength={ACCOUNT_LIMITS.username + 1}
                value={values.accountUsername}
                onChange={(e) => change('accountUsername', e.target.value)}
              />
            )}
          />
          <AccountTimeZoneField value={timeZone} onChange={setTimeZone} />
        </div>

        <div
          role="tabpanel"
          id={panelId('description')}
          aria-labelledby={tabId('description')}
          hidden={tab !== 'description'}
          className="space-y-4"
        >
          <AccountDescriptionFields
            id={id}
            values={values}
            errors={errors}
            onChange={change}
            firstRef={firstDescriptionRef}
          />
        </div>

        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <button type="button" className={secondaryButtonClass} onClick={onClose} disabled={saving}>
            Cancel
          </button>
          <button type="submit" className={buttonClass} disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </ModalDialog>
  )
}
