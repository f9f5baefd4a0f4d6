import { describe, expect, it } from 'vitest'
import { ACCOUNT_COLORS, accountChoices, accountColor, assignAccountColors } from './account-colors'

describe('accountColor', () => {
  it('is the same colour for the same id, every time', () => {
    const id = '3f1c2a7e-9b1d-4c55-8a0e-2d7f6b1e9c40'
    expect(accountColor(id)).toBe(accountColor(id))
    expect(accountColor(id)).toBe(accountColor(`${id}`.slice(0)))
  })

  it('spreads ids over the palette', () => {
    const ids = Array.from({ length: 64 }, (_, i) => `3f1c2a7e-9b1d-4c55-8a0e-${String(i).padStart(12, '0')}`)
    const used = new Set(ids.map((id) => accountColor(id).name))
    expect(used.size).toBeGreaterThanOrEqual(ACCOUNT_COLORS.length - 1)
  })

  it('never uses the status badges’ colours (purple, green, red)', () => {
    for (const color of ACCOUNT_COLORS) {
      expect(`${color.stripe} ${color.swatch} ${color.chip}`).not.toMatch(/purple|fuchsia|green|emerald|red-/)
    }
  })
})

describe('assignAccountColors', () => {
  const ids = Array.from({ length: 40 }, (_, i) => `3f1c2a7e-9b1d-4c55-8a0e-${String(i).padStart(12, '0')}`)
  // Two ids whose own colours are the same (what issue 30 item 10 saw: two accounts, one dot colour).
  const [a, b] = (() => {
    for (const x of ids) for (const y of ids) if (x < y && accountColor(x) === accountColor(y)) return [x, y]
    throw new Error('no clash among the ids')
  })()

  it('gives two accounts whose ids clash different colours, the same ones in any order', () => {
    const colors = assignAccountColors([a!, b!])
    expect(colors.get(a!)).not.toBe(colors.get(b!))
    expect(assignAccountColors([b!, a!])).toEqual(colors)
    // The first in id order keeps the colour it prefers.
    expect(colors.get(a!)).toBe(accountColor(a!))
  })

  it('never repeats a colour up to eight accounts, then reuses the palette', () => {
    const eight = assignAccountColors(ids.slice(0, 8))
    expect(new Set([...eight.values()].map((c) => c.name)).size).toBe(8)
    const twelve = assignAccountColors(ids.slice(0, 12))
    expect(twelve.size).toBe(12)
  })
})

describe('accountChoices', () => {
  it('lists the user’s accounts and any seen only on a post, by name', () => {
    const choices = accountChoices(
      [
        { id: 'b', accountName: 'Zed', accountUsername: 'zed' },
        { id: 'a', accountName: 'Bakery', accountUsername: 'bake' },
      ],
      [
        { accountId: 'a', account: { accountName: 'Bakery', accountUsername: 'bake' } },
        { accountId: 'c', account: { accountName: 'Coffee', accountUsername: 'cof' } },
      ],
    )
    expect(choices.map((c) => c.id)).toEqual(['a', 'c', 'b'])
  })
})
