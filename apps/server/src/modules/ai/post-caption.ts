import { tiktokCaption } from '@hookpost/shared'
import { charCount } from './hook-rules'
import type { AiWriter, CaptionRequest } from './ai-writer'
import { composeCaption, CAPTION_TITLE_MAX, type PostCaption } from './caption-rules'
import { quotedPrivateField, withoutPrivateText, type PrivateField } from './caption-guard'

/** The account's private "Account Description" fields, as the guard reads them. */
export function accountPrivateFields(account: {
  targetAudience: string
  niche: string
  appGoals: string
}): PrivateField[] {
  return [
    { name: 'target audience', text: account.targetAudience },
    { name: 'niche', text: account.niche },
    { name: 'app goals', text: account.appGoals },
  ]
}

/** A hook or caption that quotes the private Account Description and could not be cleaned. */
export class PrivateTextError extends Error {
  constructor(readonly field: string) {
    super(`the written text quotes the account's ${field}`)
    this.name = 'PrivateTextError'
  }
}

/**
 * The one place an AI-written public caption is made (issue 18, ADR 018): the writer (any of them) writes it for the
 * hook, then the privacy guard takes out every sentence and hashtag that quotes the account's private description, a
 * title that does gets the hook (or the video's title) instead, and the whole caption TikTok will receive is checked
 * once more. Throws PrivateTextError when the hook itself quotes it or the caption still does; the writer's own
 * failures pass through.
 */
export async function writePostCaption(input: {
  writer: AiWriter
  request: CaptionRequest
  privateFields: readonly PrivateField[]
  /** The title to fall back on when the written one cannot be used: the Library video's own. */
  videoTitle: string
}): Promise<PostCaption> {
  const { writer, request, privateFields } = input
  const hookLeak = quotedPrivateField(request.hookText, privateFields)
  if (hookLeak) throw new PrivateTextError(hookLeak)

  const written = await writer.caption(request)
  const clean = (text: string) => quotedPrivateField(text, privateFields) === null
  const fits = (text: string) => text !== '' && charCount(text) <= CAPTION_TITLE_MAX
  const hook = request.hookText.replace(/\s+/g, ' ').trim()
  const title = [written.title, hook, input.videoTitle.trim()].find((t) => fits(t) && clean(t)) ?? 'New video'
  const caption = composeCaption(
    {
      title,
      text: withoutPrivateText(written.text, privateFields).text,
      hashtags: written.hashtags.filter(clean),
    },
    request.hookText,
  )
  // A quote that spans two sentences, or the hook and the text, survives the piece-by-piece cleaning: refuse it.
  const leak = quotedPrivateField(tiktokCaption(caption.title, caption.description), privateFields)
  if (leak) throw new PrivateTextError(leak)
  return caption
}
