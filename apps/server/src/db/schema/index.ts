export * from './auth'
export * from './app'
export * from './tiktok'
export * from './posts'
