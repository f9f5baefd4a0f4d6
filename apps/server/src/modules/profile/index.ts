export { createProfileRepository } from './profile.repository'
export { createProfileService, type ProfileService } from './profile.service'
export { profileRoutes } from './profile.routes'
