import { planReviewedDrafts, REVIEW_VIEWPORTS, slotStates } from './automation-drafts'
import { connectSandboxCreator, expect, signUp, test, uniqueEmail, uniqueHandle } from './fixtures'

/**
 * The automation tab's last frictions (issue 30 item 11, ADR 050), against the real planner, renderer and the TikTok
 * sandbox: the account choice shows on every sub-tab; Regenerate in a draft's review dialog writes a new hook and
 * renders its video again, the dialog following live; saving changed settings asks whether to keep the posts the
 * person approved or edited, and keeps them when told to.
 */

const ZONE = 'Europe/Berlin'
test.use({ timezoneId: ZONE })

for (const viewport of REVIEW_VIEWPORTS) {
  test(`on ${viewport.name}: the account on every sub-tab; Regenerate a draft; the save asks to keep the approved one`, async ({
    page,
  }) => {
    test.setTimeout(480_000)
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    const username = uniqueHandle('regen')
    const displayName = `Rae ${username.slice(-6)}`
    await signUp(page, uniqueEmail('automation-regenerate'))
    await connectSandboxCreator(page, displayName, username)
    const history = await planReviewedDrafts(page, { displayName, username, zone: ZONE })
    const settings = page.getByRole('region', { name: 'Automation settings' })
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)

    // The account choice is above the sub-tabs: on every one of them, within the screen.
    for (const name of ['Content Settings', 'Schedule Settings', 'Video Selection', 'Advanced Settings']) {
      await settings.getByRole('tab', { name: new RegExp(`^${name}`) }).click()
      const account = settings.getByLabel('TikTok account')
      await expect(account).toBeVisible()
      await expect(account.getByRole('option', { selected: true })).toHaveText(
        `${displayName} (@${username}) · Sandbox`,
      )
      expect(await overflow(), `${name} fits`).toBeLessThanOrEqual(0)
    }

    // Review a draft, then Regenerate: a new hook, the video made again with it, the dialog following live.
    const draftItem = history
      .getByRole('list', { name: 'Planned posts' })
      .getByRole('listitem')
      .filter({ has: page.locator('[data-state="draft"]') })
      .first()
    const when = await draftItem.locator('time').textContent()
    await draftItem.getByRole('button', { name: /^Review the post of / }).click()
    const dialog = page.getByRole('dialog', { name: 'Review post' })
    await expect(dialog).toBeVisible()
    const oldVideo = dialog.getByLabel(/^Video of the post of .+, with its hook “.+”$/)
    await expect(oldVideo).toBeVisible()
    const oldName = (await oldVideo.getAttribute('aria-label')) ?? ''
    const oldTitle = await dialog.getByLabel('Title').inputValue()
    const regenerate = dialog.getByRole('button', { name: 'Regenerate' })
    await regenerate.click()
    // While it is made: the button waits and says so; then the new hook is said, the form shows the new caption.
    const said = dialog.getByRole('status').filter({ hasText: /new hook/i })
    await expect(said).toHaveText(/^New hook: “.+”/, { timeout: 240_000 })
    await expect(dialog.getByRole('button', { name: 'Regenerate' })).toBeEnabled()
    const newVideo = dialog.getByLabel(/^Video of the post of .+, with its hook “.+”$/)
    await expect(newVideo).not.toHaveAttribute('aria-label', oldName)
    await expect(dialog.getByLabel('Title')).not.toHaveValue(oldTitle)
    // Same time; still awaiting approval.
    await expect(dialog.getByText('Awaiting approval')).toBeVisible()
    expect(await overflow()).toBeLessThanOrEqual(0)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect(dialog).toBeHidden()
    const approvedItem = history
      .getByRole('list', { name: 'Planned posts' })
      .getByRole('listitem')
      .filter({ has: page.locator('time', { hasText: when ?? '' }) })
      .first()
    await expect(approvedItem.locator('[data-state]')).toHaveText('Scheduled')

    // Changed settings: asked first, with how many of the waiting posts were approved; kept when told to.
    await settings.getByRole('tab', { name: /^Content Settings/ }).click()
    await settings.getByLabel('Must-include keywords').fill('regenerate')
    await settings.getByRole('button', { name: 'Save Settings' }).click()
    const confirm = page.getByRole('dialog', { name: 'Plan your posts again?' })
    await expect(confirm).toBeVisible()
    await expect(confirm).toContainText(/You approved or edited (it|1 of the 2 posts not posted yet)\./)
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused()
    expect(await overflow()).toBeLessThanOrEqual(0)
    await confirm.getByRole('button', { name: 'Save, keep it' }).click()
    await expect(confirm).toBeHidden()
    await expect(settings.getByText(/^Automation settings saved/)).toBeVisible({ timeout: 30_000 })
    // The approved post is still there, scheduled, with its new hook; nothing it had was cancelled.
    await expect(approvedItem.locator('[data-state]')).toHaveText('Scheduled')
    const overview = (await (await page.request.get('/api/automation')).json()) as {
      runs: { slots: { state: string; approved: boolean }[] }[]
    }
    const kept = overview.runs.flatMap((r) => r.slots).filter((s) => s.approved)
    expect(kept.map((s) => s.state)).toEqual(['scheduled'])
    await expect.poll(async () => (await slotStates(history).allTextContents()).length).toBeGreaterThan(0)
  })
}
