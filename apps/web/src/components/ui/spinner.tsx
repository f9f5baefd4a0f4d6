export function Spinner({ label = 'Loading...', className = 'h-8 w-8' }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center justify-center">
      <span
        aria-hidden="true"
        className={`${className} animate-spin rounded-full border-4 border-fuchsia-200 border-t-fuchsia-600`}
      />
      <span className="sr-only">{label}</span>
    </span>
  )
}

export function FullScreenSpinner() {
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-white">
      <Spinner className="h-12 w-12" />
    </div>
  )
}
