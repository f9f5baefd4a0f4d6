import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import { createHash } from 'node:crypto'
import { videoCounts } from '../domain/engagement'
import { photoPath } from '../domain/photo-pull'
import { isWaitingInInbox } from '../domain/inbox'
import { filePath } from '../domain/publishing'
import { publishView } from '../domain/publish-status'
import { ICON_PATH, markup, ICON_SVG, page, sendHtml, STYLESHEET, STYLESHEET_PATH, type SafeHtml } from '../http/html'
import type { Sandbox } from '../sandbox'
import type { Creator, Publish } from '../state/schema'
import { errorPage, registerAuthorizeRoutes } from './authorize'
import { inboxSection, photoCarousel, registerInboxPageRoutes } from './creator-parts'
import { registerSettingsPageRoutes, SETTINGS_PATH } from './settings-page'

const PRIVACY_LABELS: Record<string, string> = {
  PUBLIC_TO_EVERYONE: 'Everyone',
  MUTUAL_FOLLOW_FRIENDS: 'Friends',
  FOLLOWER_OF_CREATOR: 'Followers',
  SELF_ONLY: 'Only me',
}

/** Human pages: the authorize page, an overview of creators and their posts, video pages, avatars and media. */
export async function pageRoutes(scope: FastifyInstance, { sandbox }: { sandbox: Sandbox }): Promise<void> {
  registerAuthorizeRoutes(scope, sandbox)
  registerInboxPageRoutes(scope, sandbox)
  registerSettingsPageRoutes(scope, sandbox)

  scope.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500
    if (status >= 500) request.log.error(error)
    return sendHtml(reply, status, errorPage(status >= 500 ? 'Something went wrong' : 'Bad request', error.message))
  })

  scope.get(STYLESHEET_PATH, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(STYLESHEET),
  )

  for (const iconPath of [ICON_PATH, '/favicon.ico']) {
    scope.get(iconPath, async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(ICON_SVG),
    )
  }

  scope.get('/', async (_request, reply) => {
    const creators = Object.values(sandbox.state.creators).sort((a, b) => a.createdAt - b.createdAt)
    const body = markup`<h1>TikTok Sandbox</h1>
      <p class="notice" role="note">
        A local simulator of TikTok's Login Kit, Content Posting and Display APIs. Creators are made on the authorize
        page or through the admin API; everything they "post" appears here, and drafts wait in each one's Inbox.
      </p>
      <p><a href="${SETTINGS_PATH}">Verified URL properties</a> (where apps may pull photos and videos from)</p>
      ${creators.length === 0 ? markup`<p>No sandbox creators yet.</p>` : creators.map((c) => creatorSection(sandbox, c, 'h2'))}`
    return sendHtml(reply, 200, page({ title: 'TikTok Sandbox', body, wide: true }))
  })

  scope.get('/creators/:username', async (request, reply) => {
    const { username } = request.params as { username: string }
    const creator = sandbox.creatorByUsername(username)
    if (!creator) return sendHtml(reply, 404, errorPage('Creator not found', `No sandbox creator @${username}.`))
    const body = markup`<p><a href="/">All sandbox creators</a></p>
      ${creatorSection(sandbox, creator, 'h1')}`
    return sendHtml(
      reply,
      200,
      page({ title: `${creator.displayName} (@${creator.username}) · TikTok Sandbox`, body, wide: true }),
    )
  })

  scope.get('/videos/:id', async (request, reply) => {
    const { id } = request.params as { id: string }
    const publish = sandbox.publishByPostId(id)
    const creator = publish ? sandbox.creator(publish.openId) : undefined
    if (!publish || !creator) return sendHtml(reply, 404, errorPage('Video not found', `No sandbox video ${id}.`))
    const body = markup`<p><a href="/creators/${creator.username}">${creator.displayName} (@${creator.username})</a></p>
      <h1>${videoHeading(publish)}</h1>
      ${videoCard(sandbox, publish, 'h2', false)}`
    return sendHtml(reply, 200, page({ title: `${videoHeading(publish)} · TikTok Sandbox`, body }))
  })

  // embed_link (Display API tiktok-api.md §5.3): the player alone.
  scope.get('/embed/:id', async (request, reply) => {
    const { id } = request.params as { id: string }
    const publish = sandbox.publishByPostId(id)
    if (!publish || publish.mediaReadyAt === null) {
      return sendHtml(reply, 404, errorPage('Video not found', `No sandbox video ${id}.`))
    }
    const body = markup`<h1 class="visually-hidden">${videoHeading(publish)}</h1>
      ${player(sandbox, publish)}`
    return sendHtml(reply, 200, page({ title: `${videoHeading(publish)} · TikTok Sandbox`, body }), true)
  })

  scope.get('/avatars/:file', async (request, reply) => {
    const { file } = request.params as { file: string }
    const creator = sandbox.creator(file.replace(/\.svg$/, ''))
    const size = clampSize((request.query as { size?: string }).size, 168)
    const svg = avatarSvg(creator?.displayName ?? '?', creator?.openId ?? file, size)
    return reply
      .code(creator ? 200 : 404)
      .type('image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(svg)
  })

  scope.get('/covers/:file', async (request, reply) => {
    const { file } = request.params as { file: string }
    const publish = sandbox.publishByPostId(file.replace(/\.svg$/, ''))
    const svg = coverSvg(publish?.postInfo?.title || 'Sandbox video', publish?.postId ?? file)
    return reply
      .code(publish ? 200 : 404)
      .type('image/svg+xml; charset=utf-8')
      .send(svg)
  })

  // Uploaded bytes with HTTP Range support, so <video> can seek.
  scope.get('/media/:file', async (request, reply) => {
    const { file } = request.params as { file: string }
    const media = mediaFile(sandbox, file)
    if (!media) return reply.code(404).type('text/plain').send('Not found')
    const { path, mimeType } = media
    let size: number
    try {
      size = (await stat(path)).size
    } catch {
      return reply.code(404).type('text/plain').send('Not found')
    }
    reply.header('accept-ranges', 'bytes').header('cache-control', 'no-cache').type(mimeType)
    const range = parseRange(request.headers.range, size)
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${size}`).send()
    }
    if (!range) return reply.code(200).header('content-length', size).send(createReadStream(path))
    return reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
      .send(createReadStream(path, { start: range.start, end: range.end }))
  })
}

/** A finished video's file, or one image of a downloaded photo post. */
function mediaFile(sandbox: Sandbox, file: string): { path: string; mimeType: string } | undefined {
  for (const publish of Object.values(sandbox.state.publishes)) {
    if (publish.mediaReadyAt === null) continue
    if (publish.fileName === file && publish.mediaType === 'VIDEO') {
      return { path: filePath(sandbox, publish), mimeType: publish.mimeType ?? 'video/mp4' }
    }
    const photo = publish.photos.find((p) => p.fileName === file)
    if (photo) return { path: photoPath(sandbox, photo), mimeType: photo.mimeType ?? 'image/jpeg' }
  }
  return undefined
}

/** A single `bytes=a-b`, `bytes=a-` or `bytes=-n` range; other forms are answered with the whole file. */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  if (!header) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim())
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  let start: number
  let end: number
  if (match[1] === '') {
    const suffix = Number(match[2])
    if (suffix === 0) return 'unsatisfiable'
    start = Math.max(0, size - suffix)
    end = size - 1
  } else {
    start = Number(match[1])
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1)
  }
  if (start >= size || start > end) return 'unsatisfiable'
  return { start, end }
}

function creatorSection(sandbox: Sandbox, creator: Creator, level: 'h1' | 'h2'): SafeHtml {
  // Drafts waiting in (or discarded from) the inbox are not posts; they show in the Inbox section.
  const now = sandbox.now()
  const publishes = sandbox
    .publishesOf(creator.openId)
    .filter((p) => p.inboxDiscardedAt === null && !isWaitingInInbox(p, now))
  const heading = markup`${creator.displayName} <span class="hint">@${creator.username}</span>`
  const videoLevel = level === 'h1' ? 'h2' : 'h3'
  return markup`<section class="card" aria-labelledby="creator-${creator.openId}">
    <div class="creator-head">
      <img src="${sandbox.avatarUrl(creator, 100)}" width="56" height="56" alt="" />
      <div>
        ${level === 'h1' ? markup`<h1 id="creator-${creator.openId}">${heading}</h1>` : markup`<h2 id="creator-${creator.openId}">${heading}</h2>`}
        <p class="hint">
          ${creator.isPrivate ? 'Private account' : 'Public account'}${creator.banned ? ' · banned from posting' : ''} ·
          open_id <code>${creator.openId}</code>
        </p>
      </div>
    </div>
    ${publishes.length === 0 ? markup`<p>No posts yet.</p>` : markup`<div class="videos">${publishes.map((p) => videoCard(sandbox, p, videoLevel, true))}</div>`}
    ${inboxSection(sandbox, creator, videoLevel, (p) => player(sandbox, p))}
  </section>`
}

function videoHeading(publish: Publish): string {
  const title = (publish.postInfo?.title || publish.photoInfo?.title || '').split('\n')[0]?.trim()
  return title ? title.slice(0, 80) : publish.mode === 'inbox' ? 'Inbox upload' : 'Untitled post'
}

function player(sandbox: Sandbox, publish: Publish): SafeHtml {
  if (publish.mediaType === 'PHOTO') return photoCarousel(sandbox, publish, videoHeading(publish))
  const src = sandbox.mediaUrl(publish)
  return markup`<video controls preload="metadata" playsinline src="${src}" aria-label="${videoHeading(publish)}"></video>`
}

function videoCard(sandbox: Sandbox, publish: Publish, level: 'h2' | 'h3', link: boolean): SafeHtml {
  const now = sandbox.now()
  const view = publishView(publish, now)
  const postId = view.publicPostIds[0]
  const counts = postId && publish.publicAt !== null ? videoCounts(publish.postId, now - publish.publicAt) : undefined
  const title = videoHeading(publish)
  const heading = link ? markup`<a href="/videos/${publish.postId}">${title}</a>` : markup`${title}`
  return markup`<article class="video">
    ${level === 'h2' ? markup`<h2>${heading}</h2>` : markup`<h3>${heading}</h3>`}
    ${publish.mediaReadyAt !== null ? player(sandbox, publish) : markup`<p class="hint">${publish.source === 'PULL_FROM_URL' ? 'Download' : 'Upload'} in progress (${publish.receivedBytes} of ${publish.videoSize || '?'} bytes).</p>`}
    ${publish.postInfo?.title ? markup`<p class="caption">${publish.postInfo.title}</p>` : ''}
    ${publish.photoInfo?.description ? markup`<p class="caption">${publish.photoInfo.description}</p>` : ''}
    <dl class="meta">
      <dt>Privacy</dt>
      <dd>${publish.postInfo ? PRIVACY_LABELS[publish.postInfo.privacyLevel] : publish.inboxPostedAt !== null ? 'Everyone (posted from the inbox)' : 'Inbox draft'}</dd>
      <dt>Status</dt>
      <dd>${view.status}${view.failReason ? ` (${view.failReason})` : ''}</dd>
      <dt>Post id</dt>
      <dd>${postId ?? '—'}</dd>
      <dt>Publish id</dt>
      <dd>${publish.publishId}</dd>
      ${
        counts
          ? markup`<dt>Views</dt>
              <dd>${counts.view_count}</dd>
              <dt>Likes</dt>
              <dd>${counts.like_count}</dd>
              <dt>Comments</dt>
              <dd>${counts.comment_count}</dd>
              <dt>Shares</dt>
              <dd>${counts.share_count}</dd>`
          : ''
      }
    </dl>
  </article>`
}

function clampSize(raw: string | undefined, fallback: number): number {
  const n = Number(raw)
  return Number.isInteger(n) && n >= 16 && n <= 1080 ? n : fallback
}

function hue(seed: string): number {
  return createHash('sha256').update(seed).digest().readUInt16BE(0) % 360
}

function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const letters =
    words.length > 1
      ? [words[0], words[words.length - 1]].map((w) => [...(w ?? '')][0] ?? '')
      : [...(words[0] ?? '?')].slice(0, 2)
  return letters.join('').toUpperCase() || '?'
}

export function avatarSvg(name: string, seed: string, size: number): string {
  const text = initials(name)
  return markup`<svg
    xmlns="http://www.w3.org/2000/svg"
    width="${size}"
    height="${size}"
    viewBox="0 0 100 100"
    role="img"
    aria-label="${name}"
  >
    <rect width="100" height="100" fill="hsl(${hue(seed)} 60% 42%)" />
    <text
      x="50"
      y="50"
      dy=".35em"
      text-anchor="middle"
      font-family="system-ui, sans-serif"
      font-size="${text.length > 1 ? 40 : 48}"
      font-weight="700"
      fill="#fff"
    >${text}</text>
  </svg>`.value
}

function coverSvg(title: string, seed: string): string {
  return markup`<svg
    xmlns="http://www.w3.org/2000/svg"
    width="540"
    height="960"
    viewBox="0 0 540 960"
    role="img"
    aria-label="${title}"
  >
    <rect width="540" height="960" fill="hsl(${hue(seed)} 45% 30%)" />
    <text x="270" y="480" text-anchor="middle" font-family="system-ui, sans-serif" font-size="36" fill="#fff">${title.slice(0, 28)}</text>
  </svg>`.value
}
