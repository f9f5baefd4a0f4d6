import { queryOptions, useQuery } from '@tanstack/react-query'
import { libraryListSchema, type LibraryItem } from '@hookpost/shared/library'
import { apiRequest } from '../../../lib/api-client'

export const libraryKey = ['library'] as const

/** While the server's first start is still making stock clips, look again this often. */
export const LIBRARY_PREPARING_POLL_MS = 2000

export interface Library {
  videos: LibraryItem[]
  preparing: boolean
}

/** GET /api/library: stock clips (those made so far), then the person's rendered videos, newest first. */
export async function getLibrary(): Promise<Library> {
  return libraryListSchema.parse(await apiRequest<unknown>('/api/library'))
}

export const libraryQueryOptions = queryOptions({
  queryKey: libraryKey,
  queryFn: getLibrary,
  refetchInterval: (query) => (query.state.data?.preparing ? LIBRARY_PREPARING_POLL_MS : false),
})

export function useLibrary() {
  return useQuery(libraryQueryOptions)
}
