import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { normaliseUrlProperty, removeUrlProperty, urlPropertiesOf, addUrlProperty } from '../domain/url-properties'
import { formOf } from '../http/form'
import { markup, page, sendHtml, type SafeHtml } from '../http/html'
import type { Sandbox } from '../sandbox'

/**
 * /sandbox/settings: the apps' verified URL properties (tiktok-api.md §3.6), the page counterpart of the admin API.
 * Anyone may read it (nothing on it is secret); changing it takes the admin key (a registered client secret), typed
 * into the form because a page cannot send the admin header.
 */
export const SETTINGS_PATH = '/sandbox/settings'

const TYPE_LABELS = { domain: 'Domain', url_prefix: 'URL prefix' } as const

function isAdminKey(sandbox: Sandbox, key: string): boolean {
  const given = Buffer.from(key)
  return [...sandbox.config.clients.values()].some((c) => {
    const secret = Buffer.from(c.clientSecret)
    return secret.length === given.length && timingSafeEqual(secret, given)
  })
}

interface Outcome {
  status: number
  message: string
  clientKey?: string
}

function settingsPage(sandbox: Sandbox, outcome?: Outcome): string {
  const clients = [...sandbox.config.clients.values()]
  const body = markup`<p><a href="/">All sandbox creators</a></p>
    <h1>Verified URL properties</h1>
    <p class="notice" role="note">
      TikTok pulls photos and PULL_FROM_URL videos only from an app's verified URL properties: a <strong>domain</strong>
      covers its subdomains and every path, a <strong>URL prefix</strong> covers URLs that start with exactly it (ending
      in /). TikTok requires https and a domain name; this sandbox also accepts http, localhost and IP addresses.
    </p>
    ${
      outcome
        ? markup`<p class="${outcome.status < 400 ? 'notice' : 'error'}" role="${outcome.status < 400 ? 'status' : 'alert'}">${outcome.message}</p>`
        : ''
    }
    ${clients.map((client) => clientSection(sandbox, client.clientKey, client.name))}`
  return page({ title: 'Verified URL properties · TikTok Sandbox', body, wide: true })
}

function clientSection(sandbox: Sandbox, clientKey: string, name: string): SafeHtml {
  const properties = urlPropertiesOf(sandbox, clientKey)
  const id = (part: string) => `${part}-${clientKey.replace(/[^A-Za-z0-9_-]/g, '-')}`
  return markup`<section class="card" aria-labelledby="${id('app')}">
    <h2 id="${id('app')}">${name} <span class="hint">${clientKey}</span></h2>
    <form method="post" action="${SETTINGS_PATH}/url-properties">
      <input type="hidden" name="client_key" value="${clientKey}" />
      ${
        properties.length === 0
          ? markup`<p>No verified properties: every pull from a URL is refused (url_ownership_unverified).</p>`
          : markup`<ul class="properties">
            ${properties.map(
              (p) => markup`<li>
                ${TYPE_LABELS[p.type]} <code>${p.value}</code>
                <button type="submit" class="secondary" name="remove" value="${p.type} ${p.value}">Remove ${p.value}</button>
              </li>`,
            )}
          </ul>`
      }
      <fieldset>
        <legend>Add a property</legend>
        <div class="choice">
          <input type="radio" id="${id('type-domain')}" name="type" value="domain" checked />
          <label for="${id('type-domain')}">Domain (e.g. static.example.com)</label>
        </div>
        <div class="choice">
          <input type="radio" id="${id('type-prefix')}" name="type" value="url_prefix" />
          <label for="${id('type-prefix')}">URL prefix (e.g. https://static.example.com/media/)</label>
        </div>
        <div class="field">
          <label for="${id('value')}">Domain or URL prefix</label>
          <input type="text" id="${id('value')}" name="value" autocomplete="off" />
        </div>
      </fieldset>
      <div class="field">
        <label for="${id('key')}">Admin key</label>
        <input type="password" id="${id('key')}" name="admin_key" autocomplete="off" aria-describedby="${id('key-hint')}" />
        <p class="hint" id="${id('key-hint')}">A registered client secret (SANDBOX_CLIENT_SECRET); needed to add or remove.</p>
      </div>
      <div class="actions">
        <button type="submit" class="primary" name="add" value="1">Add property</button>
      </div>
    </form>
  </section>`
}

export function registerSettingsPageRoutes(scope: FastifyInstance, sandbox: Sandbox): void {
  scope.get(SETTINGS_PATH, async (_request, reply) => sendHtml(reply, 200, settingsPage(sandbox)))

  scope.post(`${SETTINGS_PATH}/url-properties`, async (request, reply) => {
    const form = formOf(request.body)
    const clientKey = form.get('client_key') ?? ''
    const answer = (outcome: Outcome) => sendHtml(reply, outcome.status, settingsPage(sandbox, outcome))
    if (!sandbox.client(clientKey)) return answer({ status: 404, message: 'No such app.' })
    if (!isAdminKey(sandbox, form.get('admin_key') ?? '')) {
      return answer({ status: 401, message: 'The admin key is not a registered client secret. Nothing was changed.' })
    }
    const remove = form.get('remove')
    if (remove) {
      const [type, ...rest] = remove.split(' ')
      const value = rest.join(' ')
      if ((type !== 'domain' && type !== 'url_prefix') || !removeUrlProperty(sandbox, clientKey, type, value)) {
        return answer({ status: 404, message: `${value} is not a verified property.` })
      }
      await sandbox.save()
      return answer({ status: 200, message: `Removed ${value}.` })
    }
    const type = form.get('type')
    if (type !== 'domain' && type !== 'url_prefix')
      return answer({ status: 400, message: 'Choose Domain or URL prefix.' })
    const normal = normaliseUrlProperty(type, form.get('value') ?? '')
    if ('problem' in normal) return answer({ status: 400, message: normal.problem })
    if (!addUrlProperty(sandbox, clientKey, type, normal.value)) {
      return answer({ status: 409, message: `${normal.value} is already verified.` })
    }
    await sandbox.save()
    return answer({ status: 200, message: `Added ${normal.value}.` })
  })
}
