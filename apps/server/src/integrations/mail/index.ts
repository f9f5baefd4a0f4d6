export * from './smtp'
