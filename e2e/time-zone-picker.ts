import { expect, type Locator } from '@playwright/test'

/**
 * Chooses `zone` in a time-zone picker (the one combobox, ADR 049) as a person does: types part of its name and
 * presses its option. `scope` holds the picker (a form, a dialog, the page).
 */
export async function chooseTimeZone(scope: Locator, zone: string, label: string | RegExp = 'Time zone') {
  const input = scope.getByRole('combobox', { name: label })
  await input.fill(zone === 'UTC' ? 'UTC' : zone.slice(zone.lastIndexOf('/') + 1).replace(/_/g, ' '))
  const name = zone.replace(/_/g, ' ')
  const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  await scope
    .page()
    .getByRole('listbox', { name: 'Time zones' })
    .getByRole('option', { name: new RegExp(`^${escaped} \\(`) })
    .click()
  await expect(input).toHaveValue(new RegExp(`^${escaped} \\(`))
}
