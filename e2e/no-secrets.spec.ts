import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { MESSAGES } from '@hookpost/shared/messages'
import { expect, signUp, test, uniqueEmail } from './fixtures'

const root = path.resolve(import.meta.dirname, '..')
const port = process.env.E2E_PORT ?? '3100'
/** The secret the e2e server shares with its sandbox (scripts/lib/sandbox.mjs writes it there). */
const sandboxSecret = () =>
  readFileSync(path.join(root, '.tmp', `e2e-${port}`, 'secrets', 'tiktok-sandbox.key'), 'utf8').trim()
/** TikTok-shaped tokens (`act.…`, `rft.…`, tiktok-api.md §1.4). */
const TOKEN = /(?<![\w$])(?:act|rft)\.[A-Za-z0-9_~-]{12,}/

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? filesUnder(full) : [full]
  })
}

test('the built web bundle holds no client secret and no token', () => {
  const secret = sandboxSecret()
  expect(secret).toMatch(/^[0-9a-f]{64}$/)
  const files = filesUnder(path.join(root, 'apps/web/dist'))
  expect(files.some((f) => f.endsWith('.js'))).toBe(true)
  for (const file of files) {
    const text = readFileSync(file, 'latin1')
    expect(text.includes(secret), file).toBe(false)
    expect(text, file).not.toMatch(/client_secret|TIKTOK_CLIENT_SECRET|TIKTOK_SANDBOX_CLIENT_SECRET|ENCRYPTION_KEY/)
    expect(text, file).not.toMatch(TOKEN)
  }
})

test('connecting an account sends no secret and no token to the browser', async ({ page }) => {
  const secret = sandboxSecret()
  const bodies: string[] = []
  page.on('response', async (response) => {
    if (!response.url().startsWith(`http://127.0.0.1:${port}/`)) return
    try {
      bodies.push(`${response.url()}\n${JSON.stringify(await response.allHeaders())}\n${await response.text()}`)
    } catch {
      // Redirects and aborted requests have no body.
    }
  })
  await signUp(page, uniqueEmail('secrets'))
  await page.goto('/dashboard/profile')
  await page.getByRole('button', { name: 'Connect TikTok account' }).first().click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/Authorize/i)
  await page.getByRole('radio', { name: 'Create a new sandbox creator' }).check()
  const username = `secret_${Date.now().toString(36)}`
  await page.getByLabel('Display name').fill('Secret Keeper')
  await page.getByLabel('Username').fill(username)
  await page.getByRole('button', { name: 'Authorize' }).click()
  await expect(page.getByText(MESSAGES.tiktokConnected)).toBeVisible({ timeout: 15_000 })
  await page.goto('/dashboard/profile')
  await expect(page.getByText(`@${username}`)).toBeVisible()

  expect(bodies.length).toBeGreaterThan(3)
  for (const body of bodies) {
    expect(body.includes(secret)).toBe(false)
    expect(body).not.toMatch(TOKEN)
  }
})
