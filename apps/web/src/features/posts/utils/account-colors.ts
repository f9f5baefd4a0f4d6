/**
 * A colour per TikTok account on the calendar and the List (issue 21), so a week of several accounts' posts reads at a
 * glance. Derived from the account ids (FNV-1a, then the next free colour: `assignAccountColors`), so an account keeps
 * its colour across reloads and devices and no two of a person's accounts share one. Colour is never the only cue: the
 * account's name is always shown beside it.
 *
 * Every stripe and swatch is a 600–800 shade, at least 3:1 against white (WCAG 1.4.11, non-text contrast); the chips
 * are a 900 text on a 100 background (well above 4.5:1). Purple, green and red are left out: the status badges use
 * them (scheduled purple, uploaded green, failed red).
 */
export const ACCOUNT_COLORS = [
  { name: 'sky', stripe: 'border-l-sky-700', swatch: 'bg-sky-700', chip: 'bg-sky-100 text-sky-900' },
  { name: 'amber', stripe: 'border-l-amber-700', swatch: 'bg-amber-700', chip: 'bg-amber-100 text-amber-900' },
  { name: 'teal', stripe: 'border-l-teal-700', swatch: 'bg-teal-700', chip: 'bg-teal-100 text-teal-900' },
  { name: 'rose', stripe: 'border-l-rose-700', swatch: 'bg-rose-700', chip: 'bg-rose-100 text-rose-900' },
  { name: 'indigo', stripe: 'border-l-indigo-600', swatch: 'bg-indigo-600', chip: 'bg-indigo-100 text-indigo-900' },
  { name: 'orange', stripe: 'border-l-orange-700', swatch: 'bg-orange-700', chip: 'bg-orange-100 text-orange-900' },
  { name: 'cyan', stripe: 'border-l-cyan-800', swatch: 'bg-cyan-800', chip: 'bg-cyan-100 text-cyan-900' },
  { name: 'slate', stripe: 'border-l-slate-600', swatch: 'bg-slate-600', chip: 'bg-slate-200 text-slate-900' },
] as const

export type AccountColor = (typeof ACCOUNT_COLORS)[number]

/** The palette index an id prefers. FNV-1a, 32 bits: spreads similar ids (UUIDs differing in a few characters). */
function preferredIndex(accountId: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < accountId.length; i++) {
    hash ^= accountId.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash % ACCOUNT_COLORS.length
}

/** The account's colour on its own (no other account known): the same id always gives the same one. */
export function accountColor(accountId: string): AccountColor {
  return ACCOUNT_COLORS[preferredIndex(accountId)]!
}

/**
 * The colours of a person's accounts taken together (issue 30 item 10: two accounts got the same dot). Each account
 * takes the colour its id prefers, or the next one no account took yet; accounts are placed in id order, so the same
 * accounts get the same colours on every device. Up to eight accounts never share a colour; a ninth and later reuse
 * the palette from the colour they prefer.
 */
export function assignAccountColors(accountIds: readonly string[]): ReadonlyMap<string, AccountColor> {
  const colors = new Map<string, AccountColor>()
  const taken = new Set<number>()
  for (const id of [...new Set(accountIds)].sort()) {
    const preferred = preferredIndex(id)
    let index = preferred
    if (taken.size < ACCOUNT_COLORS.length) {
      while (taken.has(index)) index = (index + 1) % ACCOUNT_COLORS.length
    }
    taken.add(index)
    colors.set(id, ACCOUNT_COLORS[index]!)
  }
  return colors
}

/** An account as the filter and the colour key list it. */
export type AccountChoice = { id: string; accountName: string; accountUsername: string }

/**
 * The accounts to filter by: the user's accounts, plus any account seen on a post but not among them (a list not loaded
 * yet), by name.
 */
export function accountChoices(
  accounts: readonly AccountChoice[],
  posts: readonly { accountId: string; account: { accountName: string; accountUsername: string } }[],
): AccountChoice[] {
  const byId = new Map<string, AccountChoice>()
  for (const a of accounts) byId.set(a.id, { id: a.id, accountName: a.accountName, accountUsername: a.accountUsername })
  for (const p of posts) {
    if (!byId.has(p.accountId)) byId.set(p.accountId, { id: p.accountId, ...p.account })
  }
  return [...byId.values()].sort(
    (a, b) => a.accountName.localeCompare(b.accountName) || a.accountUsername.localeCompare(b.accountUsername),
  )
}
