import type { CSSProperties } from 'react'
import { OVERLAY_FONT_STACK } from '@hookpost/shared/studio'
// The overlay fonts (ADR 010): the same files the server renders with. Imported here, not only by the preview, so a
// hook shown as text where no preview is (the Create Hooks tab's saved hooks) has its face too.
import '@fontsource/inter/400.css'
import '@fontsource/inter/700.css'
import '@fontsource/noto-color-emoji'

/**
 * A hook's text in the page as the video draws it. The generic family after the stack keeps a face that is still
 * loading (or missing) from falling back to the browser's default, a serif (issue 30 item 9).
 */
export const OVERLAY_TEXT_STYLE: CSSProperties = { fontFamily: `${OVERLAY_FONT_STACK}, sans-serif` }
