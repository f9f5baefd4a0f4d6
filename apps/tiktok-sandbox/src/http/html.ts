import type { FastifyReply } from 'fastify'

/**
 * Minimal HTML templating: every interpolated value is escaped unless it is already `SafeHtml`. (Named `markup`, not
 * `html`, so Prettier leaves the whitespace of the templates alone.)
 */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

type Interpolation = SafeHtml | string | number | boolean | null | undefined | Interpolation[]

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

function render(value: Interpolation): string {
  if (value === null || value === undefined || value === false) return ''
  if (value instanceof SafeHtml) return value.value
  if (Array.isArray(value)) return value.map(render).join('')
  return escapeHtml(String(value))
}

export function markup(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '')
  })
  return new SafeHtml(out)
}

export const STYLESHEET_PATH = '/sandbox-assets/sandbox.css'
export const ICON_PATH = '/sandbox-assets/icon.svg'
/** Served as the page icon too, so browsers never log a 404 for /favicon.ico. */
export const ICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#161823"/><path d="M19 6v13.5a4.5 4.5 0 1 1-4.5-4.5" fill="none" stroke="#fe2c55" stroke-width="3.5" stroke-linecap="round"/><path d="M19 6c.5 3 2.5 5 6 5.5" fill="none" stroke="#25f4ee" stroke-width="3" stroke-linecap="round"/></svg>'

/** A full page: the "TikTok Sandbox" banner is always visible so nobody mistakes it for TikTok. */
export function page(options: { title: string; body: SafeHtml; wide?: boolean }): string {
  return `<!doctype html>${
    markup`<html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${options.title}</title>
        <link rel="stylesheet" href="${STYLESHEET_PATH}" />
        <link rel="icon" href="${ICON_PATH}" type="image/svg+xml" />
      </head>
      <body>
        <header class="banner">
          <a href="/" class="brand">TikTok Sandbox</a> <span class="badge">Simulator — not TikTok</span>
        </header>
        <main class="${options.wide ? 'wide' : 'narrow'}">${options.body}</main>
      </body>
    </html>`.value
  }`
}

/** Content-Security-Policy for the pages: no scripts at all; styles from our own stylesheet. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; media-src 'self'; base-uri 'none'; frame-ancestors 'self'"

/** An HTML answer with the pages' CSP; `framable` for the embed player. */
export function sendHtml(reply: FastifyReply, status: number, body: string, framable = false): FastifyReply {
  if (!framable) reply.header('x-frame-options', 'SAMEORIGIN')
  return reply
    .code(status)
    .header(
      'content-security-policy',
      framable ? PAGE_CSP.replace("frame-ancestors 'self'", 'frame-ancestors *') : PAGE_CSP,
    )
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(body)
}

export const STYLESHEET = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#161823;background:#f4f4f6}
a{color:#0a58ca}
.banner{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;padding:.75rem 1rem;background:#161823;color:#fff}
.banner .brand{color:#fff;font-weight:700;text-decoration:none}
.badge{display:inline-block;padding:.1rem .5rem;border-radius:999px;background:#fe2c55;color:#fff;font-size:.8rem;font-weight:600}
main{margin:0 auto;padding:1rem}
main.narrow{max-width:34rem}
main.wide{max-width:60rem}
h1{font-size:1.5rem;line-height:1.25;margin:.5rem 0 1rem}
h2{font-size:1.2rem;margin:0 0 .5rem}
h3{font-size:1rem;margin:0 0 .25rem}
.card{background:#fff;border:1px solid #d7d7dc;border-radius:12px;padding:1rem;margin:0 0 1rem}
.notice{background:#fff4d6;border:1px solid #e0b000;border-radius:8px;padding:.75rem;margin:0 0 1rem}
.error{background:#fde7ea;border:1px solid #c4002b;border-radius:8px;padding:.75rem;margin:0 0 1rem;color:#7a001b}
fieldset{border:1px solid #d7d7dc;border-radius:8px;margin:0 0 1rem;padding:.75rem}
legend{font-weight:600;padding:0 .25rem}
.choice{display:flex;gap:.5rem;align-items:flex-start;padding:.4rem 0}
.choice input{margin-top:.3rem;width:1.1rem;height:1.1rem;flex:none}
.field{display:block;margin:.5rem 0}
.field label{display:block;font-weight:600}
input[type=text],input[type=password]{width:100%;font:inherit;padding:.55rem .6rem;border:1px solid #8a8b91;border-radius:6px}
input[aria-invalid=true]{border-color:#c4002b}
.hint{color:#57575f;font-size:.875rem}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{font:inherit;font-weight:600;min-height:44px;padding:.6rem 1.25rem;border-radius:8px;border:1px solid #161823;cursor:pointer}
button.primary{background:#fe2c55;border-color:#fe2c55;color:#fff}
button.secondary{background:#fff;color:#161823}
button:focus-visible,a:focus-visible,input:focus-visible{outline:3px solid #0a58ca;outline-offset:2px}
ul.scopes{padding-left:1.25rem;margin:.25rem 0 0}
.creator-head{display:flex;gap:.75rem;align-items:center;margin-bottom:.75rem}
.creator-head img{border-radius:50%;flex:none}
.videos{display:grid;grid-template-columns:repeat(auto-fill,minmax(15rem,1fr));gap:1rem}
.video{border:1px solid #e3e3e8;border-radius:10px;padding:.75rem;background:#fafafa;min-width:0}
video{display:block;width:100%;max-height:28rem;background:#000;border-radius:8px}
dl.meta{display:grid;grid-template-columns:auto 1fr;gap:.1rem .75rem;margin:.5rem 0 0;font-size:.875rem}
dl.meta dt{color:#57575f}
dl.meta dd{margin:0;overflow-wrap:anywhere}
.caption{white-space:pre-wrap;overflow-wrap:anywhere;margin:.25rem 0}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
code{font-size:.85em;overflow-wrap:anywhere}
.carousel{margin:0}
.slides{display:flex;gap:.5rem;overflow-x:auto;scroll-snap-type:x mandatory;scroll-behavior:smooth;overscroll-behavior-x:contain}
.slides:focus-visible{outline:3px solid #0a58ca;outline-offset:2px}
.slide{flex:0 0 100%;scroll-snap-align:center;margin:0;min-width:0}
.slide img{display:block;width:100%;height:auto;max-height:28rem;object-fit:contain;background:#000;border-radius:8px}
.slide-nav{display:flex;justify-content:space-between;gap:.5rem;margin-top:.25rem;font-size:.875rem}
.slide-link{display:inline-flex;align-items:center;min-height:44px;padding:0 .5rem}
.inbox{margin-top:1rem}
.properties{padding-left:1.25rem}
.properties li{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.25rem 0}
.inbox-list{list-style:none;padding:0;margin:0;display:grid;gap:1rem}
.draft{border:1px dashed #8a8b91;border-radius:10px;padding:.75rem;background:#fff}
.draft p{margin:.25rem 0}
@media (max-width:400px){main{padding:.75rem}.card{padding:.75rem}}
`
