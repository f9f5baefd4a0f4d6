import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared/messages'
import { connectedHref, returnPlace, tiktokRefusal } from './connect-outcome'

describe('returnPlace', () => {
  it('goes back to the place the flow started, by its name', () => {
    expect(returnPlace('/dashboard/profile')).toEqual({ href: '/dashboard/profile', name: 'Profile & Accounts' })
    expect(returnPlace('/dashboard?tab=create')).toEqual({ href: '/dashboard?tab=create', name: 'Dashboard' })
  })

  it('anything off the list, or nothing, is the dashboard', () => {
    for (const value of [null, undefined, 'https://evil.example/', '//evil.example', '/login', '/dashboard?tab=x']) {
      expect(returnPlace(value), String(value)).toEqual({ href: '/dashboard', name: 'Dashboard' })
    }
  })

  it('adds the connected flag the dashboard shows its banner for', () => {
    expect(connectedHref(returnPlace('/dashboard/profile'))).toBe('/dashboard/profile?tiktok_connected=true')
    expect(connectedHref(returnPlace('/dashboard?tab=schedule'))).toBe('/dashboard?tab=schedule&tiktok_connected=true')
    expect(connectedHref(returnPlace(null))).toBe('/dashboard?tiktok_connected=true')
  })
})

describe('tiktokRefusal', () => {
  it('says plainly that the person chose Deny', () => {
    expect(tiktokRefusal('access_denied', 'The user denied the request')).toEqual({
      heading: 'TikTok account not connected',
      lead: null,
      message: MESSAGES.connectDenied,
      detail: null,
    })
  })

  it("keeps 'Authentication error from TikTok' for TikTok's errors, explained, with TikTok's description", () => {
    expect(tiktokRefusal('server_error', ' Try later ')).toMatchObject({
      lead: 'Authentication error from TikTok',
      message: 'TikTok had a problem on its side and nothing was connected. Wait a moment and try again.',
      detail: 'Try later',
    })
    const unknown = tiktokRefusal('toString', null)
    expect(unknown.message).toMatch(/^TikTok refused the request/)
    expect(unknown.detail).toBeNull()
  })
})
