/** The renderer: inputs + overlay spec → MP4 and thumbnail with ffmpeg, overlays drawn with @napi-rs/canvas. */
export { RENDER_MESSAGES } from './messages'
export { registerOverlayFonts } from './fonts'
export { paintOverlays, renderOverlayImage, writeOverlayImage, type OverlayImage } from './overlay-image'
export {
  buildRenderArgs,
  outputFrames,
  RENDER_AUDIO,
  RENDER_ENCODER,
  segmentFrames,
  segmentOverlays,
  thumbnailArgs,
  type EncoderSettings,
  overlayGroups,
  segmentTimes,
  type OverlayPngs,
  type RenderArgsOptions,
} from './render-args'
export { makeStillClip } from './still-clip'
export { renderVideo, runFfmpeg, type RenderTuning } from './render'
export { RenderError, type RenderOptions, type RenderPlan, type RenderResult, type RenderSource } from './types'
export {
  coverCrop,
  decodeSlideSource,
  renderSlideImage,
  SLIDE_IMAGE,
  SLIDE_MESSAGES,
  type SlideImage,
} from './slide-image'
export { clipStillArgs, extractClipStill, renderSlideshowVideo, slideshowVideoArgs } from './slideshow-video'
