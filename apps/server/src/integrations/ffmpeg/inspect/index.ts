/**
 * What a stored file is (magic bytes, container sizes, ffprobe's facts, an image's header) and whether TikTok takes it.
 * Kept apart from render/, which loads the canvas and the fonts, so inspecting an upload does not.
 */
export { FFPROBE_TIMEOUT_MS, ffprobeArgs, runFfprobe, type FfprobeResult } from './ffprobe'
export { inspectVideo, type Inspection, type InspectOptions } from './inspect'
export { parseProbe, parseRate, type ProbeFacts, type VideoStreamFacts } from './probe'
export { CONTAINER_CONTENT_TYPES, sniffContainer, type SniffResult, type VideoContainer } from './sniff'
export { formatDuration, TIKTOK_VIDEO_LIMITS, tiktokVideoProblems } from './tiktok-video-rules'
export { imageInfo, type ImageInfo } from './image-info'
