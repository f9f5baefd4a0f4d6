import path from 'node:path'

/** What rolldown's chunking passes a `codeSplitting` group's `name` (its ChunkingContext, reduced to what is read). */
interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null
}

const src = (file: string) => path.resolve(import.meta.dirname, 'src', file)
const MAIN = src('main.tsx')
/** The two chunks every signed-in visit starts with: the layout and its first tab, Schedule (ADR 056). */
const DASHBOARD_FIRST_LOAD = [
  src('app/routes/dashboard/dashboard-layout.tsx'),
  src('app/routes/dashboard/dashboard-home.tsx'),
]
/** The routes (routes.tsx) rendered inside the dashboard's layout: whatever only they reach comes after it. */
const INSIDE_DASHBOARD = new Set([
  ...DASHBOARD_FIRST_LOAD,
  src('app/routes/dashboard/profile-route.tsx'),
  src('app/routes/dashboard/hook-demo-route.tsx'),
])

function reach(graph: ModuleGraph, from: readonly string[], follow: (id: string) => readonly string[]): Set<string> {
  const seen = new Set(from)
  const queue = [...from]
  for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
    for (const next of follow(id)) {
      if (seen.has(next)) continue
      seen.add(next)
      queue.push(next)
    }
  }
  return seen
}

/**
 * The dashboard's first load as one chunk (ADR 060): the modules the layout and the Schedule tab import that nothing
 * outside the dashboard reaches (the entry, the public and sign-in pages, the TikTok callback, by static or lazy
 * imports). Left to itself, rolldown cuts them into a chunk per set of lazy tabs sharing them, some 30 files of a few
 * hundred bytes, each compressed alone and each with its import lines. Every dashboard tab opens inside the layout, so
 * the chunk never brings a page code it would not have fetched anyway; what is shared with pages outside the
 * dashboard stays in chunks of its own. Returns rolldown's `codeSplitting.groups[].name`.
 */
export function dashboardFirstLoadChunk(): (id: string, graph: ModuleGraph) => string | null {
  let members: Set<string> | undefined
  return (id, graph) => {
    members ??= membersOf(graph)
    return members.has(id) ? 'dashboard' : null
  }
}

function membersOf(graph: ModuleGraph): Set<string> {
  const info = (id: string) => graph.getModuleInfo(id)
  const firstLoad = reach(graph, DASHBOARD_FIRST_LOAD, (id) => info(id)?.importedIds ?? [])
  const outside = reach(graph, [MAIN], (id) => {
    const module = info(id)
    if (!module) return []
    return [...module.importedIds, ...module.dynamicallyImportedIds].filter((next) => !INSIDE_DASHBOARD.has(next))
  })
  if (!outside.has(MAIN) || firstLoad.size <= DASHBOARD_FIRST_LOAD.length)
    throw new Error('first-load-chunk.ts no longer finds the app entry or the dashboard in the module graph')
  // The two stay chunks of their own: the routes' lazy imports (and the build manifest) name them.
  return new Set([...firstLoad].filter((id) => !outside.has(id) && !DASHBOARD_FIRST_LOAD.includes(id)))
}
