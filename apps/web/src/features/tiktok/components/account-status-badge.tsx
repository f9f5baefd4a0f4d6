import type { TiktokAccountStatus } from '@hookpost/shared/tiktok'
import { MESSAGES } from '@hookpost/shared/messages'

function badge(status: TiktokAccountStatus): { label: string; className: string } {
  switch (status) {
    case 'active':
      return { label: 'Connected', className: 'border-green-300 bg-green-50 text-green-800' }
    case 'reconnect_required':
      return { label: MESSAGES.reconnectRequired, className: 'border-red-300 bg-red-50 text-red-800' }
    case 'not_connected':
      return { label: 'Not connected', className: 'border-slate-300 bg-slate-50 text-slate-700' }
  }
}

export function statusLabel(status: TiktokAccountStatus): string {
  return badge(status).label
}

export function AccountStatusBadge({ status }: { status: TiktokAccountStatus }) {
  const { label, className } = badge(status)
  return (
    <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium ${className}`}>
      {label}
    </span>
  )
}
