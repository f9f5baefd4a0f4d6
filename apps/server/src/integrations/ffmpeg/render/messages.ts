/**
 * What a failed render tells the person (RenderError.message). The videos module shows these as they are; the detail
 * for the log travels separately (RenderError.detail).
 */
export const RENDER_MESSAGES = {
  failed: 'The video could not be rendered. Please try again.',
  unreadableSource: 'The video could not be rendered: one of its videos cannot be read. Please upload it again.',
  timedOut: 'The video could not be rendered in time. Please try again.',
  stopped: 'The video could not be rendered: rendering was stopped. Please try again.',
} as const
