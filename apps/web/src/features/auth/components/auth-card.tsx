import { useEffect, type ReactNode } from 'react'

export function AuthCard({
  title,
  documentTitle,
  children,
}: {
  title: string
  documentTitle: string
  children: ReactNode
}) {
  useEffect(() => {
    document.title = `${documentTitle} · Hookpost`
  }, [documentTitle])
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-center text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">{children}</div>
    </div>
  )
}
