/**
 * ffprobe JSON as Debian's ffprobe 5.1 prints it (`-v error -print_format json -show_format -show_streams`), trimmed to
 * the fields we read plus a few we ignore. The factory builds variants from a real 1080×1920 30 fps H.264/AAC MP4.
 */
export interface VideoFixture {
  codec?: string
  width?: number
  height?: number
  avgFrameRate?: string
  rFrameRate?: string
  duration?: string | undefined
  streamDuration?: string | undefined
  rotation?: number
  formatName?: string
  audio?: boolean
  coverArt?: boolean
}

export function ffprobeJson(f: VideoFixture = {}): Record<string, unknown> {
  const video: Record<string, unknown> = {
    index: 0,
    codec_name: f.codec ?? 'h264',
    codec_type: 'video',
    width: f.width ?? 1080,
    height: f.height ?? 1920,
    coded_width: f.width ?? 1080,
    coded_height: f.height ?? 1920,
    pix_fmt: 'yuv420p',
    r_frame_rate: f.rFrameRate ?? '30/1',
    avg_frame_rate: f.avgFrameRate ?? '30/1',
    time_base: '1/15360',
    start_time: '0.000000',
    ...(f.streamDuration === undefined ? {} : { duration: f.streamDuration }),
    nb_frames: '60',
    disposition: { default: 1, attached_pic: 0 },
    tags: { language: 'und', handler_name: 'VideoHandler' },
    ...(f.rotation === undefined
      ? {}
      : {
          side_data_list: [
            {
              side_data_type: 'Display Matrix',
              displaymatrix: '\n00000000:            0      -65536           0\n',
              rotation: f.rotation,
            },
          ],
        }),
  }
  const streams: Record<string, unknown>[] = [video]
  if (f.audio ?? true) {
    streams.push({
      index: 1,
      codec_name: 'aac',
      codec_type: 'audio',
      sample_rate: '44100',
      channels: 1,
      r_frame_rate: '0/0',
      avg_frame_rate: '0/0',
      duration: '2.000000',
      disposition: { default: 1, attached_pic: 0 },
    })
  }
  if (f.coverArt) {
    streams.push({
      index: streams.length,
      codec_name: 'mjpeg',
      codec_type: 'video',
      width: 600,
      height: 600,
      r_frame_rate: '90000/1',
      avg_frame_rate: '0/0',
      disposition: { default: 0, attached_pic: 1 },
    })
  }
  return {
    streams,
    format: {
      filename: 'file:/tmp/upload',
      nb_streams: streams.length,
      format_name: f.formatName ?? 'mov,mp4,m4a,3gp,3g2,mj2',
      format_long_name: 'QuickTime / MOV',
      start_time: '0.000000',
      ...(f.duration === undefined && 'duration' in f ? {} : { duration: f.duration ?? '2.000000' }),
      size: '171259',
      probe_score: 100,
      tags: { major_brand: 'isom', minor_version: '512', compatible_brands: 'isomiso2avc1mp41' },
    },
  }
}
