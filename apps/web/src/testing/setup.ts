import { configure } from '@testing-library/react'

// findBy… and waitFor wait up to 1 s by default: on a loaded 2-core machine (CI runs three test processes beside
// this one) a first render can take longer, and a slow answer is not a failure. A check that fails still fails.
configure({ asyncUtilTimeout: 5_000 })
