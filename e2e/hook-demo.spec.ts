import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { MESSAGES } from '@hookpost/shared/messages'
import { expect, signUp, test, uniqueEmail } from './fixtures'

/**
 * 'Create Hook + Demo Video' against the real server: one of the hook clips it made with ffmpeg at start, a real demo
 * clip uploaded over tus, an overlay, Create Video, the success view, then the Create tab's list, where the video
 * renders (hook then demo) until it is Ready. '/videos' leads to the same list.
 */

const HOOK_CLIPS = ['Wait for it…', 'Stop scrolling', 'You need this']

let dir = ''
let demoPath = ''
let notAVideoPath = ''

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'hookpost-hook-demo-e2e-'))
  demoPath = path.join(dir, 'demo.mp4')
  notAVideoPath = path.join(dir, 'notes.txt')
  // 2 s of 640×360 (a demo may be any shape), H.264 + AAC at 30 fps.
  execFileSync(
    'ffmpeg',
    [
      ...['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=30', '-f', 'lavfi', '-i', 'sine'],
      ...['-t', '2', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', demoPath],
    ],
    { stdio: 'pipe' },
  )
  execFileSync('sh', ['-c', `printf 'not a video' > "${notAVideoPath}"`])
})

test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true })
})

/** From the Create tab, as a person would; the hook clips are made at the server's first start: waits for them. */
async function openHookDemo(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Create Videos' }).click()
  await expect(page).toHaveURL('/dashboard?tab=create')
  await page.getByRole('link', { name: 'Create Hook + Demo Video' }).click()
  await expect(page).toHaveURL('/dashboard/hook-demo')
  await expect(page.getByRole('heading', { level: 1, name: 'Create Hook + Demo Video' })).toBeVisible()
  const hooks = page.getByRole('group', { name: 'Hook video' })
  await expect(hooks.getByRole('radio')).toHaveCount(HOOK_CLIPS.length, { timeout: 60_000 })
  await expect(page.getByText('Preparing hook clips…')).toHaveCount(0, { timeout: 60_000 })
  return hooks
}

test.describe('Create Hook + Demo Video', () => {
  test('pick a hook, upload a demo, add an overlay, create it, and follow it to Ready in the videos', async ({
    page,
  }) => {
    test.setTimeout(150_000)
    await signUp(page, uniqueEmail('hook-demo'))
    const hooks = await openHookDemo(page)

    // The hook clips, each with its real thumbnail.
    for (const name of HOOK_CLIPS) await expect(hooks.getByRole('radio', { name })).toBeVisible()
    await expect
      .poll(() =>
        hooks.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toBe(true)

    const title = `Hook demo ${Date.now().toString(36)}`
    await page.getByLabel('Title').fill(title)
    await page.getByLabel('Description').fill('Our hook, then the demo')
    // Keyboard: into the group, then arrows.
    await hooks.getByRole('radio', { name: HOOK_CLIPS[0] }).focus()
    await page.keyboard.press('Space')
    await page.keyboard.press('ArrowDown')
    await expect(hooks.getByRole('radio', { name: 'Stop scrolling' })).toBeChecked()

    await page.getByLabel('Demo video', { exact: true }).setInputFiles(demoPath)
    await expect(page.getByRole('button', { name: 'Remove demo video' })).toBeVisible({ timeout: 30_000 })

    await page.getByLabel('Overlay text').fill('Watch till the end')
    await page.getByRole('button', { name: 'Add Overlay' }).click()
    await expect(page.getByRole('button', { name: 'Remove overlay "Watch till the end"' })).toBeVisible()

    const create = page.getByRole('button', { name: /^Creat(e|ing) Video/ })
    await expect(create).toBeEnabled()
    await create.click()
    await expect(page.getByText(`Video "${title}" created successfully! Processing in the background...`)).toBeVisible({
      timeout: 15_000,
    })
    await expect(page.getByRole('heading', { name: MESSAGES.hookDemoCreatedTitle })).toBeVisible()
    await expect(page.getByText(MESSAGES.hookDemoCreatedText)).toBeVisible()
    await expect(page.getByRole('button', { name: 'View My Videos' })).toBeVisible()

    // By itself after 3 s: the Create tab's list, focused.
    await expect(page).toHaveURL('/dashboard?tab=create#created-videos-heading', { timeout: 6_000 })
    const videos = page.getByRole('region', { name: 'Your Videos' })
    await expect(videos.getByRole('heading', { name: 'Your Videos' })).toBeFocused()
    await expect(videos.getByRole('heading', { name: 'Your Videos' })).toBeInViewport()
    const item = videos.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
    await expect(item).toBeVisible()
    await expect(item.getByText('Ready', { exact: true })).toBeVisible({ timeout: 90_000 })

    // The spec's /videos is that list.
    await page.goto('/videos')
    await expect(page).toHaveURL('/dashboard?tab=create#created-videos-heading')
    await expect(page.getByRole('region', { name: 'Your Videos' }).getByRole('heading', { name: title })).toBeVisible()
  })

  test('Create Video waits for a title, a hook and a demo; Add Overlay for text; a file that is not a video is refused', async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await signUp(page, uniqueEmail('hook-demo-checks'))
    const hooks = await openHookDemo(page)
    const create = page.getByRole('button', { name: 'Create Video' })
    const add = page.getByRole('button', { name: 'Add Overlay' })

    await expect(create).toBeDisabled()
    const missing = page.getByRole('list', { name: 'Still needed' })
    await expect(missing.getByRole('listitem')).toHaveText([
      'Please enter a title',
      'Please select a hook video',
      'Please upload a demo video',
    ])
    await expect(add).toBeDisabled()
    await page.getByLabel('Overlay text').fill('   ')
    await expect(add).toBeDisabled()
    await page.getByLabel('Overlay text').fill('Hi')
    await expect(add).toBeEnabled()
    await add.click()
    await page.getByRole('button', { name: 'Remove overlay "Hi"' }).click()
    await expect(page.getByRole('list', { name: 'Text overlays' })).toHaveCount(0)

    await page.getByLabel('Title').fill('Checks')
    await expect(create).toBeDisabled()
    await hooks.getByRole('radio', { name: 'You need this' }).check()
    await expect(create).toBeDisabled()
    await expect(missing.getByRole('listitem')).toHaveText(['Please upload a demo video'])

    await page.getByLabel('Demo video', { exact: true }).setInputFiles(notAVideoPath)
    await expect(page.getByText(MESSAGES.selectValidVideo)).toBeVisible()
    await expect(create).toBeDisabled()

    await page.getByLabel('Demo video', { exact: true }).setInputFiles(demoPath)
    await expect(page.getByRole('button', { name: 'Remove demo video' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText(MESSAGES.selectValidVideo)).toHaveCount(0)
    await expect(create).toBeEnabled()
    await expect(missing).toHaveCount(0)
    await page.getByLabel('Title').fill('   ')
    await expect(create).toBeDisabled()
  })
})
