import { describe, expect, it } from 'vitest'
import { paths, safeRedirectPath } from './paths'

describe('safeRedirectPath', () => {
  it.each(['/dashboard?tab=create', '/dashboard/profile', '/'])('follows the same-origin path %j', (value) => {
    expect(safeRedirectPath(value)).toBe(value)
  })

  it('follows the app paths', () => {
    expect(safeRedirectPath(paths.dashboard)).toBe('/dashboard')
  })

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['empty', ''],
    ['absolute URL', 'https://evil.example'],
    ['protocol-relative URL', '//evil.example'],
    ['backslash host', '/\\evil.example'],
    ['relative path', 'dashboard'],
    ['javascript URL', 'javascript:alert(1)'],
  ])('refuses %s', (_label, value) => {
    expect(safeRedirectPath(value)).toBeNull()
  })
})
