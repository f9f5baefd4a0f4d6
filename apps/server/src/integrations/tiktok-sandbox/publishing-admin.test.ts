import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '@hookpost/tiktok-sandbox'
import { createSandboxPublishingAdmin, SandboxAdminError } from './index'

const CLIENT = {
  clientKey: 'admin-test',
  clientSecret: 'admin-test-secret',
  redirectUris: ['http://localhost:3000/cb'],
}

let sandbox: RunningSandbox
beforeEach(async () => {
  sandbox = await startSandbox({ clients: [CLIENT], allowedPullPrefixes: ['http://localhost:3000/'] })
})
afterEach(async () => {
  await sandbox.close()
})

describe('createSandboxPublishingAdmin (over HTTP)', () => {
  it('lists, adds and removes verified URL properties', async () => {
    const admin = createSandboxPublishingAdmin({ baseUrl: sandbox.url, adminKey: CLIENT.clientSecret })
    expect(await admin.listUrlProperties('admin-test')).toEqual([
      { type: 'url_prefix', value: 'http://localhost:3000/' },
    ])
    await admin.addUrlProperty('admin-test', { type: 'domain', value: 'media.example.com' })
    await admin.addUrlProperty('admin-test', { type: 'domain', value: 'media.example.com' })
    await admin.removeUrlProperty('admin-test', { type: 'url_prefix', value: 'http://localhost:3000/' })
    expect(await admin.listUrlProperties('admin-test')).toEqual([{ type: 'domain', value: 'media.example.com' }])
    await expect(admin.addUrlProperty('admin-test', { type: 'url_prefix', value: 'no-slash' })).rejects.toThrow(
      SandboxAdminError,
    )
  })

  it('reports a draft that is not in the inbox, and a wrong admin key', async () => {
    const admin = createSandboxPublishingAdmin({ baseUrl: sandbox.url, adminKey: CLIENT.clientSecret })
    await expect(admin.finishInboxDraft('v_inbox_file~v2.1', 'post')).rejects.toThrow(/answered 404/)
    const wrong = createSandboxPublishingAdmin({ baseUrl: sandbox.url, adminKey: 'nope' })
    await expect(wrong.listUrlProperties('admin-test')).rejects.toThrow(/answered 401/)
  })
})
