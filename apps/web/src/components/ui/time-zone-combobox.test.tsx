import { cleanup, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProfileZoneProvider } from '../../lib/display-zone'
import { Field } from './field'
import { TimeZoneCombobox } from './time-zone-combobox'

afterEach(cleanup)

const now = new Date('2026-12-02T12:00:00Z')

function Picker({ initial, onChange }: { initial: string; onChange: (zone: string) => void }) {
  const [zone, setZone] = useState(initial)
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <Field
        label="Time zone"
        error={undefined}
        hint="Times above are in this zone."
        render={(props) => (
          <TimeZoneCombobox
            {...props}
            now={now}
            value={zone}
            onChange={(next) => {
              setZone(next)
              onChange(next)
            }}
          />
        )}
      />
      <button type="submit">Save</button>
    </form>
  )
}

function setup(initial = 'UTC', profileZone: string | null = 'UTC') {
  const onChange = vi.fn()
  const user = userEvent.setup()
  render(
    <ProfileZoneProvider zone={profileZone}>
      <Picker initial={initial} onChange={onChange} />
    </ProfileZoneProvider>,
  )
  const input = screen.getByRole('combobox', { name: 'Time zone' })
  return { user, onChange, input }
}

const list = () => screen.getByRole('listbox', { name: 'Time zones' })
const active = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-activedescendant') ?? '')

describe('TimeZoneCombobox', () => {
  it('is a labelled combobox showing the chosen zone with its offset, closed until used', () => {
    const { input } = setup('Europe/Paris')
    expect(input).toHaveProperty('value', 'Europe/Paris (GMT+1)')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('listbox')).toBeNull()
    // The Field's hint still describes it.
    expect(input.getAttribute('aria-describedby')).toBeTruthy()
  })

  it('filters by typing a city, and Enter chooses the first match', async () => {
    const { user, input, onChange } = setup()
    await user.click(input)
    await user.keyboard('{Control>}a{/Control}los')
    expect(input.getAttribute('aria-expanded')).toBe('true')
    const first = within(list()).getAllByRole('option')[0]!
    expect(first.getAttribute('aria-label')).toBe('America/Los Angeles (GMT-8)')
    expect(active(input)).toBe(first)
    await user.keyboard('{Enter}')
    expect(onChange).toHaveBeenCalledWith('America/Los_Angeles')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(input).toHaveProperty('value', 'America/Los Angeles (GMT-8)')
  })

  it('filters by offset and moves with the arrow keys, wrapping round', async () => {
    const { user, input, onChange } = setup()
    await user.click(input)
    await user.keyboard('{Control>}a{/Control}GMT+1')
    const options = within(list()).getAllByRole('option')
    expect(options.length).toBeGreaterThan(5)
    expect(options.every((o) => o.textContent?.endsWith('GMT+1'))).toBe(true)
    await user.keyboard('{ArrowDown}{ArrowDown}')
    expect(active(input)).toBe(options[2])
    expect(options[2]!.getAttribute('aria-selected')).toBe('true')
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}')
    expect(active(input)).toBe(options[options.length - 1])
    await user.keyboard('{Enter}')
    expect(onChange).toHaveBeenCalledTimes(1)
    expect(onChange.mock.calls[0]![0]).toMatch(/\//)
  })

  it('lists the profile zone and the browser’s on top when opened with ArrowDown', async () => {
    const { user, input } = setup('UTC', 'Asia/Tokyo')
    input.focus()
    await user.keyboard('{ArrowDown}')
    const names = within(list())
      .getAllByRole('option')
      .slice(0, 2)
      .map((o) => o.getAttribute('aria-label'))
    expect(names[0]).toBe('Asia/Tokyo (GMT+9), your profile zone')
    // jsdom runs in the machine's zone; whichever it is, it is pinned second (or first, with the profile's note).
    expect(names[1]).toMatch(/detected from this browser/)
  })

  it('Escape closes the list and keeps the zone; Enter then submits nothing by itself', async () => {
    const { user, input, onChange } = setup('Europe/Paris')
    await user.click(input)
    await user.keyboard('{Control>}a{/Control}tok')
    expect(within(list()).getAllByRole('option')[0]!.getAttribute('aria-label')).toMatch(/^Asia\/Tokyo/)
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(input).toHaveProperty('value', 'Europe/Paris (GMT+1)')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('says when nothing matches, and Enter then chooses nothing', async () => {
    const { user, input, onChange } = setup()
    await user.click(input)
    await user.keyboard('{Control>}a{/Control}atlantis')
    expect(within(list()).queryAllByRole('option')).toHaveLength(0)
    expect(screen.getByRole('status').textContent).toContain('No time zone matches')
    await user.keyboard('{Enter}')
    expect(onChange).not.toHaveBeenCalled()
  })

  it('a click on an option chooses it; leaving with Tab changes nothing', async () => {
    const { user, input, onChange } = setup()
    await user.click(input)
    await user.keyboard('{Control>}a{/Control}paris')
    await user.click(within(list()).getByRole('option', { name: /^Europe\/Paris/ }))
    expect(onChange).toHaveBeenCalledWith('Europe/Paris')
    await user.click(input)
    await user.keyboard('{Control>}a{/Control}berlin')
    await user.tab()
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(input).toHaveProperty('value', 'Europe/Paris (GMT+1)')
    expect(onChange).toHaveBeenCalledTimes(1)
  })
})
