import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { finishInboxDraft } from '../domain/inbox'
import {
  addUrlProperty,
  normaliseUrlProperty,
  removeUrlProperty,
  urlPropertiesOf,
  type UrlPropertyType,
} from '../domain/url-properties'
import { AdminError } from '../http/errors'
import type { Sandbox } from '../sandbox'
import type { UrlProperty } from '../state/schema'

// Admin API added with photo posts (issue 29): a client's verified URL properties and webhook, and the inbox buttons
// for tests. Registered inside adminRoutes, so the same admin key guards it.

const propertyBody = z.object({ type: z.enum(['domain', 'url_prefix']), value: z.string().min(1) })
const webhookBody = z.object({ url: z.string().url() })
const inboxBody = z.object({ action: z.enum(['post', 'discard']) })

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  throw new AdminError(400, 'invalid_request', `${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'invalid'}`)
}

export function propertyJson(p: UrlProperty) {
  return { type: p.type, value: p.value, added_at: new Date(p.addedAt).toISOString() }
}

/** Adds a property for a client; the HTML settings page shares it. */
export function addProperty(sandbox: Sandbox, clientKey: string, type: UrlPropertyType, raw: string): UrlProperty {
  const normal = normaliseUrlProperty(type, raw)
  if ('problem' in normal) throw new AdminError(400, 'invalid_request', normal.problem)
  const added = addUrlProperty(sandbox, clientKey, type, normal.value)
  if (!added) throw new AdminError(409, 'conflict', `${normal.value} is already verified`)
  return added
}

export function registerAdminSettingsRoutes(scope: FastifyInstance, sandbox: Sandbox): void {
  const clientOr404 = (request: FastifyRequest): string => {
    const { client_key: clientKey } = request.params as { client_key: string }
    if (!sandbox.client(clientKey)) throw new AdminError(404, 'not_found', `No client ${clientKey}`)
    return clientKey
  }

  scope.get('/sandbox/admin/clients/:client_key/url-properties', async (request) => ({
    url_properties: urlPropertiesOf(sandbox, clientOr404(request)).map(propertyJson),
  }))

  scope.post('/sandbox/admin/clients/:client_key/url-properties', async (request, reply) => {
    const clientKey = clientOr404(request)
    const body = parse(propertyBody, request.body)
    const added = addProperty(sandbox, clientKey, body.type, body.value)
    await sandbox.save()
    return reply.code(201).send({ url_property: propertyJson(added) })
  })

  // DELETE …/url-properties?type=domain&value=static.example.com
  scope.delete('/sandbox/admin/clients/:client_key/url-properties', async (request) => {
    const clientKey = clientOr404(request)
    const query = parse(propertyBody, request.query)
    if (!removeUrlProperty(sandbox, clientKey, query.type, query.value)) {
      throw new AdminError(404, 'not_found', `${query.value} is not a verified ${query.type}`)
    }
    await sandbox.save()
    return { url_properties: urlPropertiesOf(sandbox, clientKey).map(propertyJson) }
  })

  scope.get('/sandbox/admin/clients/:client_key/webhook', async (request) => ({
    webhook: sandbox.state.webhooks[clientOr404(request)] ?? null,
  }))

  // Events of publishes created from now on go to `url` (tiktok-api.md §3.8).
  scope.put('/sandbox/admin/clients/:client_key/webhook', async (request) => {
    const clientKey = clientOr404(request)
    const { url } = parse(webhookBody, request.body)
    const webhook = { url, since: sandbox.now() }
    sandbox.state.webhooks[clientKey] = webhook
    await sandbox.save()
    return { webhook }
  })

  scope.delete('/sandbox/admin/clients/:client_key/webhook', async (request) => {
    delete sandbox.state.webhooks[clientOr404(request)]
    await sandbox.save()
    return { webhook: null }
  })

  // The creator's Post / Discard buttons (domain/inbox.ts), for tests that do not drive the page.
  scope.post('/sandbox/admin/publishes/:publish_id/inbox', async (request) => {
    const { publish_id: id } = request.params as { publish_id: string }
    const publish = sandbox.state.publishes[id]
    if (!publish) throw new AdminError(404, 'not_found', `No publish ${id}`)
    const { action } = parse(inboxBody, request.body)
    if (!finishInboxDraft(sandbox, publish, action)) {
      throw new AdminError(409, 'conflict', 'The publish is not waiting in the inbox')
    }
    await sandbox.save()
    return { publish_id: id, action }
  })
}
