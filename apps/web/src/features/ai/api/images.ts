import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import {
  generateImageResponseSchema,
  saveImageResponseSchema,
  savedImagesResponseSchema,
  transformToVideoResponseSchema,
  uploadImageResponseSchema,
  type AiImage,
  type GenerateImageInput,
  type GenerateImageResponse,
  type TransformToVideoInput,
  type TransformToVideoResponse,
} from '@hookpost/shared/ai-images'
import { apiRequest } from '../../../lib/api-client'

/** The gallery of saved images (GET /api/get-saved-images). */
export const savedImagesKey = ['saved-images'] as const

/** POST /api/generate?type=image (product.md §7): an image from the prompt, or the offline text card (`fallback`). */
export async function generateImage(body: GenerateImageInput): Promise<GenerateImageResponse> {
  const payload = await apiRequest<unknown>('/api/generate?type=image', { method: 'POST', body })
  return generateImageResponseSchema.parse(payload)
}

export function useGenerateImage() {
  return useMutation({ mutationFn: generateImage })
}

export async function getSavedImages(): Promise<AiImage[]> {
  return savedImagesResponseSchema.parse(await apiRequest<unknown>('/api/get-saved-images')).images
}

export function useSavedImages() {
  return useQuery({ queryKey: savedImagesKey, queryFn: getSavedImages })
}

/** Newest saved first: an image just saved (or uploaded) goes to the front, once. */
function putFirst(queryClient: QueryClient, image: AiImage) {
  queryClient.setQueryData<AiImage[]>(savedImagesKey, (images) =>
    images ? [image, ...images.filter((i) => i.id !== image.id)] : images,
  )
}

/** POST /api/save-image: into the gallery. */
export function useSaveImage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (imageId: string) =>
      saveImageResponseSchema.parse(await apiRequest<unknown>('/api/save-image', { method: 'POST', body: { imageId } }))
        .image,
    onSuccess: (image) => putFirst(queryClient, image),
  })
}

/** POST /api/images: an image from the person's computer (the file itself as the body), kept in the gallery. */
export function useUploadImage() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (file: File) =>
      uploadImageResponseSchema.parse(
        await apiRequest<unknown>('/api/images', {
          raw: { data: file, contentType: file.type, headers: { 'x-file-name': encodeURIComponent(file.name) } },
        }),
      ).image,
    onSuccess: (image) => putFirst(queryClient, image),
  })
}

/** POST /api/transform-to-video: the video is created and rendering; it joins the person's videos. */
export async function transformToVideo(body: TransformToVideoInput): Promise<TransformToVideoResponse> {
  const payload = await apiRequest<unknown>('/api/transform-to-video', { method: 'POST', body })
  return transformToVideoResponseSchema.parse(payload)
}

export function useTransformToVideo() {
  return useMutation({ mutationFn: transformToVideo })
}
