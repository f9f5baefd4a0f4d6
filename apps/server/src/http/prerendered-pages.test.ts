import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { prerenderedPages } from './prerendered-pages'

const dir = mkdtempSync(path.join(tmpdir(), 'prerendered-'))
mkdirSync(path.join(dir, 'pages'))
for (const name of ['index.html', 'features.html', 'features.html.br', 'privacy-policy.html'])
  writeFileSync(path.join(dir, 'pages', name), '<!doctype html>')
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('prerenderedPages', () => {
  const pageFor = prerenderedPages(dir)

  it('maps each prerendered page path to its file, with or without a trailing slash or query', () => {
    expect(pageFor('/')).toBe('pages/index.html')
    expect(pageFor('/?utm=x')).toBe('pages/index.html')
    expect(pageFor('/features')).toBe('pages/features.html')
    expect(pageFor('/features/')).toBe('pages/features.html')
    expect(pageFor('/privacy-policy#cookies')).toBe('pages/privacy-policy.html')
  })

  it('leaves every other path to the SPA', () => {
    for (const url of ['/login', '/dashboard?tab=analytics', '/features/more', '/features.html', '/index', '/pages'])
      expect(pageFor(url), url).toBeNull()
  })

  it('finds no page in a build without prerendered pages', () => {
    expect(prerenderedPages(path.join(dir, 'nowhere'))('/')).toBeNull()
  })
})
