import type { AppInfo } from '@hookpost/shared/meta'

/**
 * The only script of a prerendered marketing page (ADR 056): no React, just the two things the build cannot know —
 * this year in the footer, and the support address the server is configured with (as the SPA's footer shows it).
 * Type-only imports: nothing else is bundled in.
 */
for (const year of document.querySelectorAll('[data-current-year]')) year.textContent = String(new Date().getFullYear())

async function addContactLine(): Promise<void> {
  const list = document.querySelector('[data-contact-list]')
  const sibling = list?.querySelector('a')
  if (!list || !sibling) return
  const res = await fetch('/api/app-info', { headers: { accept: 'application/json' } })
  if (!res.ok) return
  const { supportEmail } = (await res.json()) as AppInfo
  if (!supportEmail) return
  const link = document.createElement('a')
  // The footer's link style, taken from the line above rather than written a second time.
  link.className = sibling.className
  link.href = `mailto:${supportEmail}`
  link.textContent = `Contact: ${supportEmail}`
  const item = document.createElement('li')
  item.append(link)
  list.append(item)
}

// Without the address the footer simply has no contact line, as in the SPA while app-info is unanswered.
addContactLine().catch(() => undefined)
