/**
 * The video studio (product.md §2 Create tab, §3 created_videos / text overlay, §9 overlay constants): the overlay spec the
 * browser preview and the server renderer both draw, and the contract of `/api/videos`.
 *
 * What you see is what gets posted: the preview and the renderer call the same `layoutOverlays` and `drawOverlays`
 * with the same fonts (Inter + Noto Color Emoji, bundled from @fontsource), on a canvas of a different size only.
 */

export * from './studio/video-frame'
export * from './studio/source-fit'
export * from './studio/overlay-spec'
export * from './studio/overlay-versions'
export * from './studio/overlay-timing'
export * from './studio/overlay-layout'
export * from './studio/overlay-drawing'
export * from './studio/created-videos'
export * from './studio/saved-hooks'
export * from './studio/video-drafts'
