import type { FastifyInstance, FastifyReply } from 'fastify'
import { createCreator, newCreatorProblem, type CreatorProblem } from '../domain/creators'
import { authorizationCode } from '../domain/ids'
import { formOf } from '../http/form'
import { markup, page, PAGE_CSP, type SafeHtml } from '../http/html'
import type { Sandbox } from '../sandbox'
import { SCOPES, type Scope } from '../state/schema'

/** tiktok-api.md §1.3: codes are single-use; their lifetime is UNCONFIRMED (a third-party article says 5 minutes). */
export const CODE_TTL_MS = 5 * 60_000

export const SCOPE_DESCRIPTIONS: Record<Scope, string> = {
  // Worded so that no scope label contains "Display name" or "Username" (the creator fields' labels).
  'user.info.basic': 'Read your basic profile info (avatar and nickname)',
  'user.info.profile': 'Read your profile details (handle, bio, verified badge)',
  'user.info.stats': 'Read your statistics (followers, likes, video count)',
  'video.list': 'Read your public videos',
  'video.publish': 'Post content directly to your profile',
  'video.upload': 'Upload content to your inbox as drafts',
}

interface AuthorizeRequest {
  clientKey: string
  appName: string
  redirectUri: string
  state: string | undefined
  scopes: Scope[]
  codeChallenge: string | undefined
  codeChallengeMethod: string | undefined
}

type Checked =
  | { ok: true; request: AuthorizeRequest }
  | { ok: false; kind: 'page'; message: string }
  | { ok: false; kind: 'redirect'; redirectUri: string; state: string | undefined; error: string; description: string }

/**
 * tiktok-api.md §1.2: an unknown client or an unregistered redirect_uri is shown as a page (never redirected to); other problems
 * are sent back to the registered redirect_uri as `error` + `error_description` (RFC 6749 §4.1.2.1).
 */
function checkRequest(sandbox: Sandbox, get: (name: string) => string | undefined): Checked {
  const clientKey = get('client_key') ?? ''
  const client = sandbox.client(clientKey)
  if (!client) return { ok: false, kind: 'page', message: 'The client_key is missing or unknown to the sandbox.' }
  const redirectUri = get('redirect_uri') ?? ''
  if (!client.redirectUris.includes(redirectUri)) {
    return {
      ok: false,
      kind: 'page',
      message: `The redirect_uri is missing or not registered for ${client.name}. Registered: ${client.redirectUris.join(', ') || 'none'}.`,
    }
  }
  const state = get('state')
  const redirectError = (error: string, description: string): Checked => ({
    ok: false,
    kind: 'redirect',
    redirectUri,
    state,
    error,
    description,
  })
  if (get('response_type') !== 'code') return redirectError('unsupported_response_type', 'response_type must be code.')
  const requested = (get('scope') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  if (requested.length === 0) return redirectError('invalid_scope', 'The scope parameter is required.')
  const unknown = requested.filter((s) => !(SCOPES as readonly string[]).includes(s))
  if (unknown.length > 0) return redirectError('invalid_scope', `Unknown scope: ${unknown.join(',')}.`)
  const scopes = SCOPES.filter((s) => requested.includes(s))
  const codeChallenge = get('code_challenge') || undefined
  const codeChallengeMethod = get('code_challenge_method') || undefined
  if (codeChallenge !== undefined || codeChallengeMethod !== undefined) {
    if (codeChallengeMethod !== 'S256') return redirectError('invalid_request', 'code_challenge_method must be S256.')
    if (!codeChallenge || !/^[0-9a-fA-F]{64}$/.test(codeChallenge)) {
      return redirectError('invalid_request', 'code_challenge must be the hex-encoded SHA-256 of the code_verifier.')
    }
  }
  return {
    ok: true,
    request: {
      clientKey,
      appName: client.name,
      redirectUri,
      state,
      scopes,
      codeChallenge: codeChallenge?.toLowerCase(),
      codeChallengeMethod,
    },
  }
}

function redirectTo(
  reply: FastifyReply,
  redirectUri: string,
  params: Record<string, string | undefined>,
): FastifyReply {
  const url = new URL(redirectUri)
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value)
  return reply.header('cache-control', 'no-store').redirect(url.toString(), 302)
}

function sendPage(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply
    .code(status)
    .header('content-security-policy', PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(body)
}

export function errorPage(title: string, message: string): string {
  return page({
    title: `${title} · TikTok Sandbox`,
    body: markup`<h1>${title}</h1>
      <p class="error" role="alert">${message}</p>
      <p>
        This is the <strong>TikTok Sandbox</strong>, a local simulator of TikTok's APIs. Check the app's TikTok
        settings.
      </p>`,
  })
}

interface FormState {
  creator?: string | undefined
  displayName?: string | undefined
  username?: string | undefined
  isPrivate?: boolean | undefined
  grantedScopes?: Scope[] | undefined
  problem?: CreatorProblem | { field: 'creator' | 'decision' | 'scopes'; message: string } | undefined
}

function authorizePage(sandbox: Sandbox, request: AuthorizeRequest, form: FormState = {}): string {
  const creators = Object.values(sandbox.state.creators).sort((a, b) => a.createdAt - b.createdAt)
  const selected = form.creator ?? creators[0]?.openId ?? 'new'
  const granted = form.grantedScopes ?? request.scopes
  const problem = form.problem
  const invalid = (field: string) =>
    problem?.field === field ? markup` aria-invalid="true" aria-describedby="form-error"` : ''
  const describedBy = (field: string) => (problem?.field === field ? markup` aria-describedby="form-error"` : '')
  const hidden = (name: string, value: string | undefined) =>
    value === undefined ? '' : markup`<input type="hidden" name="${name}" value="${value}" />`

  const creatorChoices: SafeHtml[] = creators.map((c) => {
    const checked = selected === c.openId ? markup` checked` : ''
    return markup`<div class="choice"><input type="radio" name="creator" id="creator-${c.openId}" value="${c.openId}"${checked}><label for="creator-${c.openId}">${c.displayName} (@${c.username})</label></div>`
  })

  const scopeItems = request.scopes.map((s) => {
    const locked = s === 'user.info.basic'
    const state = markup`${granted.includes(s) || locked ? markup` checked` : ''}${locked ? markup` disabled` : ''}`
    return markup`<div class="choice"><input type="checkbox" name="grant_scope" id="scope-${s}" value="${s}"${state}><label for="scope-${s}"><strong>${s}</strong> — ${SCOPE_DESCRIPTIONS[s]}${locked ? ' (required)' : ''}</label></div>`
  })

  const body = markup`<h1>Authorize ${request.appName}</h1>
<p class="notice" role="note"><strong>TikTok Sandbox</strong> — a local simulator of TikTok. No real TikTok account is used and nothing is posted to TikTok.</p>
${problem ? markup`<p class="error" role="alert" id="form-error">${problem.message}</p>` : ''}
<form method="post" action="/v2/auth/authorize/" class="card">
${hidden('client_key', request.clientKey)}${hidden('redirect_uri', request.redirectUri)}${hidden('scope', request.scopes.join(','))}${hidden('state', request.state)}${hidden('response_type', 'code')}${hidden('code_challenge', request.codeChallenge)}${hidden('code_challenge_method', request.codeChallengeMethod)}<input type="hidden" name="scope_selection" value="1">
<fieldset${describedBy('creator')}>
<legend>Choose a sandbox creator</legend>
${creators.length === 0 ? markup`<p class="hint">There are no sandbox creators yet. Create one below.</p>` : ''}
${creatorChoices}
<div class="choice"><input type="radio" name="creator" id="creator-new" value="new"${selected === 'new' ? markup` checked` : ''}><label for="creator-new">Create a new sandbox creator</label></div>
<div class="field"><label for="new_display_name">Display name</label><input type="text" id="new_display_name" name="new_display_name" maxlength="30" autocomplete="off" value="${form.displayName ?? ''}"${invalid('display_name')}></div>
<div class="field"><label for="new_username">Username</label><input type="text" id="new_username" name="new_username" maxlength="25" autocomplete="off" autocapitalize="none" spellcheck="false" aria-describedby="username-hint" value="${form.username ?? ''}"${invalid('username')}><span class="hint" id="username-hint">2–24 letters, digits, underscores or periods.</span></div>
<div class="choice"><input type="checkbox" id="new_is_private" name="new_is_private" value="on"${form.isPrivate ? markup` checked` : ''}><label for="new_is_private">Private account</label></div>
</fieldset>
<fieldset${describedBy('scopes')}>
<legend>${request.appName} is asking for</legend>
${scopeItems}
</fieldset>
<p class="hint">After you decide, you go back to ${new URL(request.redirectUri).origin}.</p>
<div class="actions"><button type="submit" name="decision" value="allow" class="primary">Authorize</button><button type="submit" name="decision" value="deny" class="secondary">Deny</button></div>
</form>`
  return page({ title: `Authorize ${request.appName} · TikTok Sandbox`, body })
}

/** The authorization page, served by the sandbox in place of www.tiktok.com (tiktok-api.md §1.2, §7). */
export function registerAuthorizeRoutes(scope: FastifyInstance, sandbox: Sandbox): void {
  scope.get('/v2/auth/authorize/', async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const checked = checkRequest(sandbox, (name) => (typeof query[name] === 'string' ? query[name] : undefined))
    if (!checked.ok && checked.kind === 'page')
      return sendPage(reply, 400, errorPage('Cannot authorize', checked.message))
    if (!checked.ok) {
      return redirectTo(reply, checked.redirectUri, {
        error: checked.error,
        error_description: checked.description,
        state: checked.state,
      })
    }
    return sendPage(reply, 200, authorizePage(sandbox, checked.request))
  })

  scope.post('/v2/auth/authorize/', async (request, reply) => {
    const form = formOf(request.body)
    const checked = checkRequest(sandbox, form.get)
    if (!checked.ok && checked.kind === 'page')
      return sendPage(reply, 400, errorPage('Cannot authorize', checked.message))
    if (!checked.ok) {
      return redirectTo(reply, checked.redirectUri, {
        error: checked.error,
        error_description: checked.description,
        state: checked.state,
      })
    }
    const req = checked.request
    const decision = form.get('decision')
    if (decision === 'deny') {
      return redirectTo(reply, req.redirectUri, {
        error: 'access_denied',
        error_description: 'The user denied the request',
        state: req.state,
      })
    }

    // Scopes are toggleable on TikTok's page (tiktok-api.md §1.2); user.info.basic is always granted when requested.
    const granted =
      form.get('scope_selection') === undefined
        ? req.scopes
        : req.scopes.filter((s) => s === 'user.info.basic' || form.all('grant_scope').includes(s))
    const state: FormState = {
      creator: form.get('creator'),
      displayName: form.get('new_display_name'),
      username: form.get('new_username'),
      isPrivate: form.get('new_is_private') === 'on',
      grantedScopes: granted,
    }
    const again = (problem: FormState['problem']) =>
      sendPage(reply, 400, authorizePage(sandbox, req, { ...state, problem }))

    if (decision !== 'allow') return again({ field: 'decision', message: 'Choose Authorize or Deny.' })
    if (granted.length === 0)
      return again({ field: 'scopes', message: 'Grant at least one permission, or choose Deny.' })

    let openId: string
    if (state.creator === 'new') {
      const input = { displayName: state.displayName, username: state.username, isPrivate: state.isPrivate }
      const problem = newCreatorProblem(sandbox, input)
      if (problem) return again(problem)
      openId = createCreator(sandbox, input).openId
    } else if (state.creator && sandbox.creator(state.creator)) {
      // Typed a new creator but left an existing one selected: ask rather than silently use the wrong account.
      if (state.username?.trim()) {
        return again({
          field: 'creator',
          message:
            'You entered a new username but chose an existing creator. Choose "Create a new sandbox creator" or clear the new creator fields.',
        })
      }
      openId = state.creator
    } else {
      return again({ field: 'creator', message: 'Choose a sandbox creator, or create a new one.' })
    }

    const code = authorizationCode()
    sandbox.state.codes[code] = {
      code,
      clientKey: req.clientKey,
      openId,
      redirectUri: req.redirectUri,
      scopes: granted,
      codeChallenge: req.codeChallenge ?? null,
      expiresAt: sandbox.now() + CODE_TTL_MS,
      usedAt: null,
      grantId: null,
    }
    await sandbox.save()
    return redirectTo(reply, req.redirectUri, { code, scopes: granted.join(','), state: req.state })
  })
}
