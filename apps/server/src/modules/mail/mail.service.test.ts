import { randomUUID } from 'node:crypto'
import { beforeEach, describe, expect, it } from 'vitest'
import type { MailTransport, OutgoingMail } from '../../integrations/mail'
import type { JobQueue, SendOptions } from '../../lib/job-queue'
import type { MailRepository, OutboxRow } from './mail.repository'
import { createMailService, type MailService } from './mail.service'

/** An in-memory stand-in for the mail_outbox repository (only the methods the service uses). */
function fakeRepo() {
  const rows = new Map<string, OutboxRow>()
  const repo = {
    rows,
    async insert(mail: { userId: string | null; to: string; subject: string; text: string; html?: string | null }) {
      const row: OutboxRow = {
        id: randomUUID(),
        userId: mail.userId,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        status: 'queued',
        transport: null,
        error: null,
        createdAt: new Date('2026-01-01T00:00:00Z'),
        sentAt: null,
      }
      rows.set(row.id, row)
      return { ...row }
    },
    async findById(id: string) {
      const row = rows.get(id)
      return row ? { ...row } : undefined
    },
    async markSent(id: string, transport: 'smtp' | 'outbox', at: Date) {
      const row = rows.get(id)
      if (row) Object.assign(row, { status: 'sent', transport, sentAt: at, error: null })
    },
    async markFailed(id: string, error: string) {
      const row = rows.get(id)
      if (row) Object.assign(row, { status: 'failed', error })
    },
    async recordError(id: string, error: string) {
      const row = rows.get(id)
      if (row) Object.assign(row, { error })
    },
  }
  return repo
}

function fakeQueue() {
  const sent: Array<{ name: string; payload: unknown; options: SendOptions | undefined }> = []
  const queue: JobQueue = {
    async send(name, payload, options) {
      sent.push({ name, payload, options })
      return `job-${sent.length}`
    },
  }
  return { queue, sent }
}

function fakeTransport() {
  const delivered: OutgoingMail[] = []
  const state = { failWith: undefined as unknown }
  const transport: MailTransport = {
    kind: 'smtp',
    async deliver(mail) {
      if (state.failWith !== undefined) throw state.failWith
      delivered.push(mail)
    },
  }
  return { transport, delivered, state }
}

const SENT_AT = new Date('2026-02-03T04:05:06Z')
const firstAttempt = { retryCount: 0, lastAttempt: false }
const lastAttempt = { retryCount: 6, lastAttempt: true }
const mail = { userId: 'user-1', to: 'ana@example.com', subject: 'Hello', text: 'Body', html: '<p>Body</p>' }

let repo: ReturnType<typeof fakeRepo>
let queue: ReturnType<typeof fakeQueue>
let transport: ReturnType<typeof fakeTransport>
let service: MailService

beforeEach(() => {
  repo = fakeRepo()
  queue = fakeQueue()
  transport = fakeTransport()
  service = createMailService({
    repo: repo as unknown as MailRepository,
    queue: queue.queue,
    transport: transport.transport,
    clock: () => SENT_AT,
  })
})

describe('MailService.send', () => {
  it('stores the mail, then queues mail.send for it with the outbox id as singleton key', async () => {
    const id = await service.send(mail)

    const row = repo.rows.get(id)
    expect(row).toMatchObject({ ...mail, status: 'queued' })
    expect(queue.sent).toEqual([{ name: 'mail.send', payload: { outboxId: id }, options: { singletonKey: id } }])
    // Nothing is delivered until the job runs.
    expect(transport.delivered).toEqual([])
  })
})

describe('MailService.deliver', () => {
  it('delivers once and marks the row sent with the transport kind and the time', async () => {
    const id = await service.send(mail)
    await service.deliver(id, firstAttempt)

    expect(transport.delivered).toHaveLength(1)
    expect(transport.delivered[0]).toMatchObject({ to: mail.to, subject: mail.subject, text: mail.text })
    expect(repo.rows.get(id)).toMatchObject({ status: 'sent', transport: 'smtp', sentAt: SENT_AT, error: null })
  })

  it('does not deliver a mail that is already sent (a retried job is idempotent)', async () => {
    const id = await service.send(mail)
    await service.deliver(id, firstAttempt)
    await service.deliver(id, { retryCount: 1, lastAttempt: false })

    expect(transport.delivered).toHaveLength(1)
    expect(repo.rows.get(id)?.status).toBe('sent')
  })

  it('on a failure before the last attempt records the error, keeps it queued and rethrows for a retry', async () => {
    const id = await service.send(mail)
    const failure = new Error('connect ECONNREFUSED 127.0.0.1:25')
    transport.state.failWith = failure

    await expect(service.deliver(id, firstAttempt)).rejects.toBe(failure)
    expect(repo.rows.get(id)).toMatchObject({ status: 'queued', error: 'connect ECONNREFUSED 127.0.0.1:25' })
    expect(repo.rows.get(id)?.sentAt).toBeNull()

    // The queue's retry then succeeds and clears the error.
    transport.state.failWith = undefined
    await service.deliver(id, { retryCount: 1, lastAttempt: false })
    expect(repo.rows.get(id)).toMatchObject({ status: 'sent', error: null })
    expect(transport.delivered).toHaveLength(1)
  })

  it('on the last attempt marks the mail failed with the reason and rethrows', async () => {
    const id = await service.send(mail)
    const failure = new Error('550 mailbox unavailable')
    transport.state.failWith = failure

    await expect(service.deliver(id, lastAttempt)).rejects.toBe(failure)
    expect(repo.rows.get(id)).toMatchObject({ status: 'failed', error: '550 mailbox unavailable', sentAt: null })
    expect(transport.delivered).toEqual([])
  })

  it('records a non-Error rejection as text', async () => {
    const id = await service.send(mail)
    transport.state.failWith = 'socket hang up'

    await expect(service.deliver(id, lastAttempt)).rejects.toBe('socket hang up')
    expect(repo.rows.get(id)).toMatchObject({ status: 'failed', error: 'socket hang up' })
  })

  it('does nothing for an unknown outbox id', async () => {
    const id = await service.send(mail)
    await expect(service.deliver(randomUUID(), firstAttempt)).resolves.toBeUndefined()

    expect(transport.delivered).toEqual([])
    expect(repo.rows.size).toBe(1)
    expect(repo.rows.get(id)).toMatchObject({ status: 'queued', error: null })
  })
})
