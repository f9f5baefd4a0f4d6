export { createQueueRepository, leaveQueue, type QueueRepository } from './queue.repository'
export { queueRoutes } from './queue.routes'
export { createQueueService, type QueueService } from './queue.service'
