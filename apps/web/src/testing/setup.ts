import { configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy… and waitFor wait up to 1 s by default: on a loaded 2-core machine (CI runs three test processes beside
// this one) a first render can take longer, and a slow answer is not a failure. A check that fails still fails.
configure({ asyncUtilTimeout: 5_000 })

// The web project shares one jsdom between the files of a worker (isolate: false, for speed): what a test stores in
// the browser's storage (a remembered tab, account or choice) must not reach the next file's tests.
afterEach(() => {
  window.localStorage.clear()
  window.sessionStorage.clear()
})
