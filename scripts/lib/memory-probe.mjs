// Preloaded into the server by `npm run bench:memory` (node --import): answers the parent's 'memory' message over
// the IPC channel with process.memoryUsage(), so the heap is read from inside without an inspector.
if (process.send) {
  process.on('message', (message) => {
    if (message === 'memory') process.send({ memory: process.memoryUsage() })
  })
}
