import type { FastifyRequest } from 'fastify'
import { MESSAGES } from '@hookpost/shared'
import { AppError } from './errors'

/** The signed-in user's id (routes in the authenticated scope); 401 'User not authenticated' without one. */
export function userId(request: FastifyRequest): string {
  if (!request.user) throw new AppError('UNAUTHENTICATED', MESSAGES.notAuthenticated)
  return request.user.id
}
