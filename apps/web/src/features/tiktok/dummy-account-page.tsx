import { useEffect, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { createSandboxCreatorBodySchema, type SandboxCreator } from '@hookpost/shared/tiktok'
import { MESSAGES } from '@hookpost/shared/messages'
import { TextField, buttonClass, fieldErrors, linkClass } from '../../components/ui/form'
import { MessageBanner } from '../../components/ui/message-banner'
import { Spinner } from '../../components/ui/spinner'
import { paths } from '../../config/paths'
import { ApiRequestError } from '../../lib/api-client'
import { useAppInfo } from '../../lib/app-info'
import { useSession } from '../../lib/auth'
import { useCreateSandboxCreator } from './api/create-sandbox-creator'
import { useSandboxCreators } from './api/get-sandbox-creators'
import { SandboxBadge } from './components/sandbox-badge'
import { tiktokErrorMessage } from './utils/error-message'

type Errors = Partial<Record<'displayName' | 'username' | 'form', string>>

/**
 * 'Create Dummy TikTok Account' (product.md §2, test-only): makes a creator in the TikTok sandbox, who can then be picked on
 * the sandbox's authorize page when connecting an account. Only while the sandbox stands in for TikTok.
 */
export function DummyAccountPage() {
  const appInfo = useAppInfo()
  const sandbox = appInfo.data?.tiktokSandbox === true

  useEffect(() => {
    document.title = 'Create Dummy TikTok Account · Hookpost'
  }, [])

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-12">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Create Dummy TikTok Account</h1>
        {sandbox ? <SandboxBadge /> : null}
      </div>
      {appInfo.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner />
        </div>
      ) : appInfo.isError ? (
        <div className="mt-6">
          <MessageBanner tone="error">{tiktokErrorMessage(appInfo.error, MESSAGES.connectionError)}</MessageBanner>
        </div>
      ) : sandbox ? (
        <SandboxCreators />
      ) : (
        <div className="mt-6">
          <MessageBanner tone="info">{MESSAGES.sandboxOnly}</MessageBanner>
        </div>
      )}
    </div>
  )
}

function SandboxCreators() {
  const creators = useSandboxCreators(true)
  const create = useCreateSandboxCreator()
  const session = useSession()
  const signedIn = !!session.data?.user
  const [errors, setErrors] = useState<Errors>({})
  const [created, setCreated] = useState<SandboxCreator | null>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const formElement = event.currentTarget
    const form = new FormData(formElement)
    const parsed = createSandboxCreatorBodySchema.safeParse({
      displayName: form.get('displayName'),
      username: form.get('username'),
      isPrivate: form.get('isPrivate') === 'on',
    })
    setCreated(null)
    if (!parsed.success) {
      const found = fieldErrors(parsed.error.issues)
      setErrors(found)
      const first = (['displayName', 'username'] as const).find((f) => found[f])
      if (first) focusField(formElement, first)
      return
    }
    setErrors({})
    create.mutate(parsed.data, {
      onSuccess: (creator) => {
        setCreated(creator)
        formElement.reset()
      },
      onError: (error) => {
        // 409: the username is taken, which is about the Username field.
        if (error instanceof ApiRequestError && error.status === 409) {
          setErrors({ username: error.message })
          focusField(formElement, 'username')
        } else {
          setErrors({ form: tiktokErrorMessage(error, MESSAGES.unexpected) })
        }
      },
    })
  }

  return (
    <div className="mt-6 grid gap-6 md:grid-cols-2">
      <section aria-labelledby="new-creator-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="new-creator-heading" className="text-lg font-semibold text-slate-900">
          New sandbox creator
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          A pretend TikTok user in the sandbox. Nothing is created on the real TikTok.
        </p>
        <form noValidate onSubmit={onSubmit} className="mt-4 space-y-4">
          <TextField label="Display name" name="displayName" autoComplete="off" required error={errors.displayName} />
          <TextField
            label="Username"
            name="username"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            hint="2–24 letters, numbers, dots or underscores."
            error={errors.username}
          />
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="isPrivate" className="h-4 w-4 rounded border-slate-300 accent-fuchsia-700" />
            Private account
          </label>
          {errors.form ? <MessageBanner tone="error">{errors.form}</MessageBanner> : null}
          <button type="submit" className={`${buttonClass} w-full sm:w-auto`} disabled={create.isPending}>
            {create.isPending ? 'Creating...' : 'Create Dummy TikTok Account'}
          </button>
        </form>
        {created ? (
          <div className="mt-4">
            <MessageBanner tone="success" onDismiss={() => setCreated(null)}>
              <p className="font-semibold">{MESSAGES.creatorCreated}</p>
              <p className="mt-1">
                {created.displayName} (@{created.username}) can now be picked on the sandbox&apos;s authorize page.{' '}
                {signedIn ? (
                  <>
                    Connect it from{' '}
                    <Link to={paths.profile} className={linkClass}>
                      Profile &amp; Accounts
                    </Link>
                    .
                  </>
                ) : (
                  <>
                    <Link to={`${paths.login}?redirectTo=${encodeURIComponent(paths.profile)}`} className={linkClass}>
                      Sign in
                    </Link>{' '}
                    and connect it from Profile &amp; Accounts.
                  </>
                )}
              </p>
            </MessageBanner>
          </div>
        ) : null}
      </section>

      <section aria-labelledby="creators-heading" className="rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <h2 id="creators-heading" className="text-lg font-semibold text-slate-900">
          Sandbox creators
        </h2>
        {creators.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Loading sandbox creators..." />
          </div>
        ) : creators.isError ? (
          <div className="mt-4">
            <MessageBanner tone="error">
              {tiktokErrorMessage(creators.error, MESSAGES.sandboxUnavailable)}
            </MessageBanner>
          </div>
        ) : (
          <>
            {creators.data.creators.length === 0 ? (
              <p className="mt-3 text-sm text-slate-600">No sandbox creators yet.</p>
            ) : (
              <ul className="mt-3 divide-y divide-slate-200" aria-label="Sandbox creators">
                {creators.data.creators.map((creator) => (
                  <li key={creator.openId} className="flex flex-wrap items-center justify-between gap-2 py-3">
                    <span className="min-w-0 [overflow-wrap:anywhere]">
                      <span className="font-medium text-slate-900">{creator.displayName}</span>{' '}
                      <span className="text-sm text-slate-600">@{creator.username}</span>
                    </span>
                    <span className="rounded-full border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700">
                      {creator.isPrivate ? 'Private' : 'Public'}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-4 text-sm">
              <a href={creators.data.sandboxUrl} target="_blank" rel="noreferrer" className={linkClass}>
                Open the TikTok sandbox
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
              <span className="text-slate-600"> to watch the videos Hookpost posted there.</span>
            </p>
            <p className="mt-2 text-sm text-slate-600">
              To connect a creator, use &lsquo;Connect TikTok account&rsquo; on{' '}
              {signedIn ? (
                <Link to={paths.profile} className={linkClass}>
                  Profile &amp; Accounts
                </Link>
              ) : (
                'Profile & Accounts (after signing in)'
              )}
              .
            </p>
          </>
        )}
      </section>
    </div>
  )
}

function focusField(form: HTMLFormElement, name: string) {
  const element = form.elements.namedItem(name)
  if (element instanceof HTMLElement) element.focus()
}
