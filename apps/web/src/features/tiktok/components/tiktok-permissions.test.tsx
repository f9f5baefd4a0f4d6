import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { TIKTOK_SCOPE_PURPOSES } from '@hookpost/shared/tiktok'
import { TiktokPermissions } from './tiktok-permissions'

afterEach(cleanup)

describe('TiktokPermissions', () => {
  it('lists every scope Hookpost asks TikTok for, each with what it is used for', async () => {
    const { container } = render(<TiktokPermissions />)
    await userEvent.setup().click(screen.getByText('What Hookpost asks TikTok for'))
    expect(container.querySelector('details')?.open).toBe(true)
    const terms = [...container.querySelectorAll('dt')].map((dt) => dt.textContent)
    expect(terms).toEqual([
      'user.info.basic',
      'user.info.profile',
      'user.info.stats',
      'video.list',
      'video.publish',
      'video.upload',
    ])
    for (const { scope, purpose } of TIKTOK_SCOPE_PURPOSES) {
      const term = [...container.querySelectorAll('dt')].find((dt) => dt.textContent === scope)
      expect(term?.nextElementSibling?.textContent).toBe(purpose)
      expect(purpose.length).toBeGreaterThan(20)
    }
  })
})
