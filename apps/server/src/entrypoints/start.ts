import { startOnEveryCore } from './api-processes'

await startOnEveryCore()
