export { createPostsRepository, type PostsRepository } from './posts.repository'
export { postRoutes } from './posts.routes'
export { createPostsService, type NewPost, type PostsService } from './posts.service'
