import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@hookpost/shared'
import { SandboxAdminError, type SandboxAdmin } from '../../integrations/tiktok-sandbox'
import { createSandboxCreatorsService } from './sandbox-creators.service'

const failingAdmin = (err: Error): SandboxAdmin => ({
  url: 'http://sandbox.test',
  listCreators: () => Promise.reject(err),
  createCreator: () => Promise.reject(err),
})

describe('sandbox creators', () => {
  it('do not exist when the real TikTok is configured (404, the page says the sandbox is not in use)', async () => {
    const service = createSandboxCreatorsService(undefined)
    await expect(service.list()).rejects.toMatchObject({ code: 'NOT_FOUND', message: MESSAGES.sandboxOnly })
    await expect(service.create({ displayName: 'A', username: 'aa', isPrivate: false })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('map sandbox failures to our errors', async () => {
    const input = { displayName: 'A', username: 'aa', isPrivate: false }
    await expect(
      createSandboxCreatorsService(failingAdmin(new SandboxAdminError('conflict', 'taken'))).create(input),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: 'taken' })
    await expect(
      createSandboxCreatorsService(failingAdmin(new SandboxAdminError('unavailable', 'down'))).list(),
    ).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: MESSAGES.sandboxUnavailable })
  })
})
