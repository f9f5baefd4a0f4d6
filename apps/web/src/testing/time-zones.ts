import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'

/** Chooses `zone` in a time-zone picker (the one combobox) as a person does: types its city, presses its option. */
export async function chooseTimeZone(user: UserEvent, input: HTMLElement, zone: string): Promise<void> {
  const city = zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' ')
  await user.clear(input)
  await user.type(input, city)
  const list = screen.getByRole('listbox', { name: 'Time zones' })
  const name = zone.replace(/_/g, ' ')
  await user.click(within(list).getByRole('option', { name: new RegExp(`^${name.replace(/[/+]/g, '\\$&')} \\(`) }))
}

/** The zone a picker shows while closed: 'Europe/Berlin (GMT+1)' → 'Europe/Berlin'. */
export function shownZone(input: HTMLElement): string {
  return (input as HTMLInputElement).value.replace(/ \(GMT[^)]*\)$/, '').replace(/ /g, '_')
}
