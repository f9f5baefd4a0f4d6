import { MESSAGES } from '@hookpost/shared/messages'

/** Shown when the API cannot be reached (product.md §2 "Shared": the 'Connection Error' panel). */
export function ConnectionError() {
  return (
    <section
      aria-labelledby="connection-error-title"
      className="mx-auto my-12 max-w-md rounded-lg border border-red-200 bg-red-50 p-6 text-center"
    >
      <h2 id="connection-error-title" className="text-lg font-semibold text-red-900">
        {MESSAGES.connectionErrorTitle}
      </h2>
      <p className="mt-2 text-sm text-red-800">{MESSAGES.connectionError}</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        className="mt-4 rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700"
      >
        Refresh Page
      </button>
    </section>
  )
}
