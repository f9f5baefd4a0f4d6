import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { installDialogPolyfill, makeAccount, mockApi, notFound, renderRoute } from '../testing/test-utils'
import { MESSAGES } from '@hookpost/shared/messages'
import { chooseTimeZone, shownZone } from '../../../testing/time-zones'
import { AccountDialog } from './account-dialog'

const REQUIRED = 'Please fill in all required fields'

beforeAll(installDialogPolyfill)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function describedBy(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' | ')
}

function renderDialog(
  account = null as Parameters<typeof AccountDialog>[0]['account'],
  initialTab?: Parameters<typeof AccountDialog>[0]['initialTab'],
) {
  const onClose = vi.fn()
  const onSaved = vi.fn()
  const view = renderRoute(
    <AccountDialog account={account} onClose={onClose} onSaved={onSaved} initialTab={initialTab} />,
  )
  return { ...view, onClose, onSaved }
}

describe('AccountDialog', () => {
  it('opens as a modal titled for adding, with the Basic Info tab selected and the name focused', () => {
    mockApi(() => ({ status: 500 }))
    renderDialog()
    const dialog = screen.getByRole('dialog', { name: 'Add TikTok Account' })
    expect(dialog).toHaveProperty('open', true)
    expect(screen.getByRole('tab', { name: 'Basic Info' }).getAttribute('aria-selected')).toBe('true')
    expect(screen.getByRole('tab', { name: 'Account Description' }).getAttribute('aria-selected')).toBe('false')
    expect(document.activeElement).toBe(screen.getByLabelText('Account name'))
  })

  it('says an account added by hand cannot post until it is connected (only when adding)', () => {
    mockApi(() => ({ status: 500 }))
    renderDialog()
    const dialog = screen.getByRole('dialog', { name: 'Add TikTok Account' })
    expect(dialog.textContent).toContain(MESSAGES.manualAccountCannotPost)
    expect(MESSAGES.manualAccountCannotPost).toMatch(/cannot post until you connect it/)
    cleanup()
    renderDialog(makeAccount())
    expect(screen.getByRole('dialog', { name: 'Edit TikTok Account' }).textContent).not.toContain(
      MESSAGES.manualAccountCannotPost,
    )
  })

  it('refuses to save without name and username, says why on each field and sends nothing', async () => {
    const { calls } = mockApi(() => ({ status: 500 }))
    const user = userEvent.setup()
    renderDialog()
    await user.click(screen.getByRole('button', { name: 'Save' }))

    const name = screen.getByLabelText('Account name')
    const username = screen.getByLabelText('Username')
    expect(name.getAttribute('aria-invalid')).toBe('true')
    expect(username.getAttribute('aria-invalid')).toBe('true')
    expect(describedBy(name)).toContain(REQUIRED)
    expect(describedBy(username)).toContain(REQUIRED)
    expect(document.activeElement).toBe(name)
    expect(calls).toEqual([])
  })

  it('switches back to Basic Info when a required field is missing while the description tab is open', async () => {
    mockApi(() => ({ status: 500 }))
    const user = userEvent.setup()
    renderDialog()
    await user.type(screen.getByLabelText('Account name'), 'Ana Cooks')
    await user.click(screen.getByRole('tab', { name: 'Account Description' }))
    expect(screen.getByRole('tabpanel', { name: 'Account Description' })).toBeTruthy()
    await user.type(screen.getByLabelText('Niche'), 'Quick dinners')

    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(screen.getByRole('tab', { name: /Basic Info/ }).getAttribute('aria-selected')).toBe('true')
    const username = screen.getByLabelText('Username')
    expect(document.activeElement).toBe(username)
    expect(describedBy(username)).toContain(REQUIRED)
    // The description the person typed is still there.
    await user.click(screen.getByRole('tab', { name: 'Account Description' }))
    expect(screen.getByLabelText('Niche')).toHaveProperty('value', 'Quick dinners')
  })

  it('switches to Account Description when a description field is the one in error', async () => {
    const { calls } = mockApi(() => ({ status: 500 }))
    const user = userEvent.setup()
    renderDialog(makeAccount({ niche: 'x'.repeat(1001) }))
    expect(screen.getByRole('dialog', { name: 'Edit TikTok Account' })).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect(screen.getByRole('tab', { name: /Account Description/ }).getAttribute('aria-selected')).toBe('true')
    const niche = screen.getByLabelText('Niche')
    expect(document.activeElement).toBe(niche)
    expect(describedBy(niche)).toContain('Must be 1000 characters or fewer')
    expect(describedBy(niche)).toContain('Hook ideas need at least one of them')
    // Issue 30: what hooks are written for is not "optional".
    expect(describedBy(niche)).not.toMatch(/optional/i)
    expect(calls).toEqual([])
  })

  it('moves between tabs with the arrow keys, Home and End', async () => {
    mockApi(() => ({ status: 500 }))
    const user = userEvent.setup()
    renderDialog()
    const basic = screen.getByRole('tab', { name: 'Basic Info' })
    const description = screen.getByRole('tab', { name: 'Account Description' })
    basic.focus()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(description)
    expect(description.getAttribute('aria-selected')).toBe('true')
    expect(description.tabIndex).toBe(0)
    expect(basic.tabIndex).toBe(-1)
    expect(screen.getByRole('tabpanel', { name: 'Account Description' })).toBeTruthy()
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(basic)
    await user.keyboard('{ArrowLeft}')
    expect(document.activeElement).toBe(description)
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(basic)
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(description)
  })

  it('adds an account: trims, drops the @ from the username, and reports it added', async () => {
    const created = makeAccount({ status: 'not_connected', sandbox: false })
    const { calls } = mockApi(({ method, path }) =>
      method === 'POST' && path === '/api/tiktok/accounts'
        ? { status: 201, body: { account: created } }
        : { status: 404 },
    )
    const user = userEvent.setup()
    const { onSaved } = renderDialog()
    await user.type(screen.getByLabelText('Account name'), '  Ana Cooks ')
    await user.type(screen.getByLabelText('Username'), '@anacooks')
    await user.click(screen.getByRole('tab', { name: 'Account Description' }))
    await user.type(screen.getByLabelText('Target audience'), 'Busy parents')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('added'))
    expect(calls.map(({ method, path, body }) => ({ method, path, body }))).toEqual([
      {
        method: 'POST',
        path: '/api/tiktok/accounts',
        body: {
          accountName: 'Ana Cooks',
          accountUsername: 'anacooks',
          targetAudience: 'Busy parents',
          niche: '',
          appGoals: '',
          // A new account follows the profile's zone until it is given one of its own.
          timeZone: null,
        },
      },
    ])
  })

  it('edits an account with PATCH and reports it updated', async () => {
    const account = makeAccount({ niche: 'Dinners' })
    const { calls } = mockApi(({ method }) =>
      method === 'PATCH' ? { status: 200, body: { account: { ...account, appGoals: 'Installs' } } } : { status: 404 },
    )
    const user = userEvent.setup()
    const { onSaved } = renderDialog(account)
    expect(screen.getByLabelText('Account name')).toHaveProperty('value', 'Ana Cooks')
    await user.click(screen.getByRole('tab', { name: 'Account Description' }))
    await user.type(screen.getByLabelText('App goals'), 'Installs')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('updated'))
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: `/api/tiktok/accounts/${account.id}`,
      body: { accountName: 'Ana Cooks', niche: 'Dinners', appGoals: 'Installs' },
    })
  })

  it('gives an account a zone of its own with the zone picker, and back to the profile zone', async () => {
    const account = makeAccount({ timeZone: null })
    const { calls } = mockApi(({ method }) => (method === 'PATCH' ? { status: 200, body: { account } } : notFound))
    const user = userEvent.setup()
    const { onSaved } = renderDialog(account)
    expect(screen.getByRole('radio', { name: /^Your profile zone/ })).toHaveProperty('checked', true)
    expect(screen.queryByLabelText('Account time zone')).toBeNull()
    await user.click(screen.getByRole('radio', { name: 'A zone of its own' }))
    await chooseTimeZone(user, screen.getByLabelText('Account time zone'), 'America/Los_Angeles')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('updated'))
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { timeZone: 'America/Los_Angeles' } })
  })

  it('sends null to make an account with its own zone follow the profile zone again', async () => {
    const account = makeAccount({ timeZone: 'Asia/Tokyo' })
    const { calls } = mockApi(({ method }) => (method === 'PATCH' ? { status: 200, body: { account } } : notFound))
    const user = userEvent.setup()
    const { onSaved } = renderDialog(account)
    expect(shownZone(screen.getByLabelText('Account time zone'))).toBe('Asia/Tokyo')
    await user.click(screen.getByRole('radio', { name: /^Your profile zone/ }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('updated'))
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { timeZone: null } })
  })

  it("shows a TikTok-connected account's username read-only, says why, and sends it unchanged", async () => {
    const account = makeAccount({ accountUsername: 'anacooks', connectedAt: '2026-01-02T10:00:00.000Z' })
    const { calls } = mockApi(({ method }) => (method === 'PATCH' ? { status: 200, body: { account } } : notFound))
    const user = userEvent.setup()
    const { onSaved } = renderDialog(account)
    const username = screen.getByLabelText('Username')
    expect(username).toHaveProperty('readOnly', true)
    expect(username.getAttribute('aria-required')).toBeNull()
    expect(describedBy(username)).toContain('comes from TikTok')
    expect(describedBy(username)).toContain('each time you reconnect')
    await user.type(username, 'someone.else')
    expect(username).toHaveProperty('value', 'anacooks')

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('updated'))
    expect(calls[0]).toMatchObject({ method: 'PATCH', body: { accountUsername: 'anacooks' } })
  })

  it('keeps the username of an account added by hand editable', async () => {
    mockApi(() => notFound)
    const user = userEvent.setup()
    renderDialog(makeAccount({ accountUsername: 'typo', status: 'not_connected', connectedAt: null }))
    const username = screen.getByLabelText('Username')
    expect(username).toHaveProperty('readOnly', false)
    await user.clear(username)
    await user.type(username, 'fixed')
    expect(username).toHaveProperty('value', 'fixed')
  })

  it('opens on Account Description with its first field focused when asked to', () => {
    mockApi(() => notFound)
    renderDialog(makeAccount(), 'description')
    expect(screen.getByRole('tab', { name: 'Account Description' }).getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(screen.getByLabelText('Target audience'))
  })

  it('says "Failed to save account" when the server fails, and stays open', async () => {
    mockApi(() => ({ status: 500, body: { code: 'INTERNAL', message: 'boom' } }))
    const user = userEvent.setup()
    const { onSaved, onClose } = renderDialog()
    await user.type(screen.getByLabelText('Account name'), 'Ana')
    await user.type(screen.getByLabelText('Username'), 'ana')
    await user.click(screen.getByRole('button', { name: 'Save' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save account')
    expect(onSaved).not.toHaveBeenCalled()
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByRole('dialog')).toBeTruthy()
  })

  it('Cancel closes without saving; Escape (the dialog’s close event) closes too', async () => {
    const { calls } = mockApi(() => ({ status: 500 }))
    const user = userEvent.setup()
    const { onClose } = renderDialog()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onClose).toHaveBeenCalledTimes(1)
    screen.getByRole<HTMLDialogElement>('dialog').close()
    expect(onClose).toHaveBeenCalledTimes(2)
    expect(calls).toEqual([])
  })
})
