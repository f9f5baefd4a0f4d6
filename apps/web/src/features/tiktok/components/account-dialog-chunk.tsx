import { lazy, Suspense, type ComponentProps } from 'react'

// Adding or editing an account (its time zone picker, the description fields) is its own chunk, fetched when the
// dialog first opens: the dashboard's first load only offers it (ADR 060).
const AccountDialog = lazy(async () => ({ default: (await import('./account-dialog')).AccountDialog }))

/** The account dialog, loaded on demand. Nothing shows for the moment its chunk takes: the dialog then opens. */
export function LazyAccountDialog(props: ComponentProps<typeof AccountDialog>) {
  return (
    <Suspense fallback={null}>
      <AccountDialog {...props} />
    </Suspense>
  )
}
