import { main } from './main'

await main('api')
