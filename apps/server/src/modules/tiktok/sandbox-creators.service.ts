import { MESSAGES, type SandboxCreator } from '@hookpost/shared'
import { SandboxAdminError, type SandboxAdmin } from '../../integrations/tiktok-sandbox'
import { AppError } from '../../lib/errors'

/** `/dummy-account`: sandbox creators, only while the sandbox stands in for TikTok (product.md §2 'Create Dummy TikTok Account'). */
export function createSandboxCreatorsService(admin: SandboxAdmin | undefined) {
  function need(): SandboxAdmin {
    if (!admin) throw new AppError('NOT_FOUND', MESSAGES.sandboxOnly)
    return admin
  }
  function translate(err: unknown): never {
    if (err instanceof SandboxAdminError) {
      if (err.kind === 'conflict') throw new AppError('CONFLICT', err.message)
      if (err.kind === 'invalid') throw new AppError('BAD_REQUEST', err.message)
      throw new AppError('SERVICE_UNAVAILABLE', MESSAGES.sandboxUnavailable)
    }
    throw err
  }
  return {
    async list(): Promise<{ creators: SandboxCreator[]; sandboxUrl: string }> {
      const sandbox = need()
      try {
        return { creators: await sandbox.listCreators(), sandboxUrl: sandbox.url }
      } catch (err) {
        translate(err)
      }
    },
    async create(input: { displayName: string; username: string; isPrivate: boolean }): Promise<SandboxCreator> {
      const sandbox = need()
      try {
        return await sandbox.createCreator(input)
      } catch (err) {
        translate(err)
      }
    },
  }
}
export type SandboxCreatorsService = ReturnType<typeof createSandboxCreatorsService>
