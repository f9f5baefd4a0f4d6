import { afterEach, describe, expect, it } from 'vitest'
import { rememberTab, storedTab, tabFromSearch, tabHref } from './tabs'

afterEach(() => {
  window.localStorage.clear()
})

describe('storedTab', () => {
  it('defaults to schedule', () => {
    expect(storedTab()).toBe('schedule')
  })

  it('remembers a valid tab', () => {
    rememberTab('hooks')
    expect(storedTab()).toBe('hooks')
    rememberTab('aigeneration')
    expect(storedTab()).toBe('aigeneration')
  })

  it('ignores a stored garbage value', () => {
    rememberTab('create')
    const key = window.localStorage.key(0)
    expect(key).not.toBeNull()
    window.localStorage.setItem(key!, 'not-a-tab')
    expect(storedTab()).toBe('schedule')
  })
})

describe('tabFromSearch', () => {
  it('reads a valid ?tab=', () => {
    expect(tabFromSearch(new URLSearchParams('tab=automation'))).toBe('automation')
    expect(tabFromSearch(new URLSearchParams('?x=1&tab=create'))).toBe('create')
  })

  it('returns null when missing or unknown', () => {
    expect(tabFromSearch(new URLSearchParams(''))).toBeNull()
    expect(tabFromSearch(new URLSearchParams('tab=profile'))).toBeNull()
    expect(tabFromSearch(new URLSearchParams('tab=CREATE'))).toBeNull()
  })
})

describe('tabHref', () => {
  it('links to the dashboard with the tab in the query, which tabFromSearch reads back', () => {
    const href = tabHref('hooks')
    expect(href).toBe('/dashboard?tab=hooks')
    expect(tabFromSearch(new URL(href, 'http://localhost').searchParams)).toBe('hooks')
  })
})
