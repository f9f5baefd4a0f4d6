import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { CreatedVideo } from '@hookpost/shared/studio'
import { useVideos, videosKey } from '../api/get-videos'

/**
 * One created video as the server has it now, followed live (the dashboard applies `video.updated` and
 * `video.progress` to the videos list): undefined while the list loads or before the video is in it.
 */
export function useFollowedVideo(videoId: string): CreatedVideo | undefined {
  const queryClient = useQueryClient()
  const videos = useVideos()
  // A video just made may not be in the cached list yet: ask once for the list as it is now.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: videosKey })
  }, [queryClient, videoId])
  return videos.data?.find((v) => v.id === videoId)
}
