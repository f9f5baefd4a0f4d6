import type { FastifyInstance } from 'fastify'
import { finishInboxDraft, inboxDrafts, type InboxAction } from '../domain/inbox'
import { formOf } from '../http/form'
import { markup, type SafeHtml } from '../http/html'
import type { Sandbox } from '../sandbox'
import type { Creator, Publish } from '../state/schema'

// Pieces of the creator pages added with photo posts and the inbox (issue 29): the photo carousel and the inbox.

/**
 * A photo post as a swipeable carousel: CSS scroll-snap, the images in order, each alt "Slide N of M". The pages run
 * no scripts (PAGE_CSP), so "previous" and "next" are in-page links to the neighbouring slide, reachable by keyboard;
 * the strip itself is focusable so the arrow keys scroll it.
 */
export function photoCarousel(sandbox: Sandbox, publish: Publish, label: string): SafeHtml {
  const total = publish.photos.length
  const slideId = (index: number) => `slide-${publish.publishId.replace(/[^A-Za-z0-9_-]/g, '-')}-${index + 1}`
  const base = sandbox.publicUrl
  return markup`<div class="carousel" role="region" aria-roledescription="carousel" aria-label="${label}">
    <div class="slides" tabindex="0" role="group" aria-label="Slides of ${label}">
      ${publish.photos.map(
        (photo, i) => markup`<figure class="slide" id="${slideId(i)}">
          <img
            src="${base}/media/${photo.fileName}"
            alt="Slide ${i + 1} of ${total}"
            ${photo.width ? markup`width="${photo.width}" height="${photo.height ?? ''}"` : ''}
            loading="lazy"
          />
          <div class="slide-nav">
            ${i > 0 ? markup`<a class="slide-link" href="#${slideId(i - 1)}">Previous: slide ${i} of ${total}</a>` : markup`<span></span>`}
            ${i < total - 1 ? markup`<a class="slide-link" href="#${slideId(i + 1)}">Next: slide ${i + 2} of ${total}</a>` : ''}
          </div>
        </figure>`,
      )}
    </div>
  </div>`
}

/** What a draft is, in words: "Photo post, 5 images" or "Video". */
export function draftKind(publish: Publish): string {
  if (publish.mediaType !== 'PHOTO') return 'Video'
  const n = publish.photos.length
  return `Photo post, ${n} ${n === 1 ? 'image' : 'images'}`
}

/**
 * The creator's inbox: each waiting draft with "Post" and "Discard" buttons (plain form POSTs, no script needed).
 * `preview` renders the draft's media (player or carousel) the way the posts list does.
 */
export function inboxSection(
  sandbox: Sandbox,
  creator: Creator,
  level: 'h2' | 'h3',
  preview: (publish: Publish) => SafeHtml,
): SafeHtml {
  const drafts = inboxDrafts(sandbox, creator.openId)
  const id = `inbox-${creator.openId}`
  const heading = level === 'h2' ? markup`<h2 id="${id}">Inbox</h2>` : markup`<h3 id="${id}">Inbox</h3>`
  return markup`<section class="inbox" aria-labelledby="${id}">
    ${heading}
    ${
      drafts.length === 0
        ? markup`<p class="hint">No drafts waiting. Apps that upload to the inbox put drafts here to finish.</p>`
        : markup`<ul class="inbox-list">
          ${drafts.map((draft) => {
            const app = sandbox.client(draft.clientKey)?.name ?? draft.clientKey
            const caption = draft.photoInfo?.title || draft.photoInfo?.description || ''
            return markup`<li class="draft">
              <p><strong>Draft from ${app}</strong> · ${draftKind(draft)}</p>
              ${caption ? markup`<p class="caption">${caption}</p>` : ''}
              ${preview(draft)}
              <p class="hint">Publish id <code>${draft.publishId}</code></p>
              <form method="post" action="/creators/${encodeURIComponent(creator.username)}/inbox/${encodeURIComponent(draft.publishId)}" class="actions">
                <button type="submit" name="action" value="post" class="primary">Post</button>
                <button type="submit" name="action" value="discard" class="secondary">Discard</button>
              </form>
            </li>`
          })}
        </ul>`
    }
  </section>`
}

/** The inbox buttons: post or discard a draft, then back to the creator page (303, so a reload does not resubmit). */
export function registerInboxPageRoutes(scope: FastifyInstance, sandbox: Sandbox): void {
  scope.post('/creators/:username/inbox/:publish_id', async (request, reply) => {
    const { username, publish_id: publishId } = request.params as { username: string; publish_id: string }
    const creator = sandbox.creatorByUsername(username)
    const publish = sandbox.state.publishes[publishId]
    const action = formOf(request.body).get('action')
    if (!creator || !publish || publish.openId !== creator.openId) {
      throw Object.assign(new Error('No such draft in this inbox.'), { statusCode: 404 })
    }
    if (action !== 'post' && action !== 'discard') {
      throw Object.assign(new Error('Choose Post or Discard.'), { statusCode: 400 })
    }
    if (!finishInboxDraft(sandbox, publish, action satisfies InboxAction)) {
      throw Object.assign(new Error('This draft is no longer waiting in the inbox.'), { statusCode: 409 })
    }
    await sandbox.save()
    return reply
      .code(303)
      .header('location', `/creators/${encodeURIComponent(creator.username)}`)
      .send()
  })
}
