// Import rules that ESLint's per-file view cannot see (run by `npm run lint`, docs/architecture.md "The dependency rule"):
// - no import cycles anywhere, type-only imports included (a cycle of types still ties two modules into one);
// - a server module is used by anything outside it only through its `index.ts`. A module's `testing/` kit is the one
//   other door, and only tests, other test kits and the benchmark scripts may use it.
const MODULES = '^apps/server/src/modules/'
const MODULE = '^apps/server/src/modules/([^/]+)/'
const INDEX = '^apps/server/src/modules/[^/]+/index\\.ts$'
const KIT = '^apps/server/src/modules/[^/]+/testing/'
const TESTS = ['\\.test\\.tsx?$', '/testing/', '^scripts/', '^e2e/']

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: move what both sides need below both of them.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'module-private',
      severity: 'error',
      comment: "Another server module's private file: import its index.ts (export what is public there).",
      from: { path: MODULE, pathNot: TESTS },
      to: { path: MODULES, pathNot: ['^apps/server/src/modules/$1/', INDEX] },
    },
    {
      name: 'module-private-outside',
      severity: 'error',
      comment: "A server module's private file: import its index.ts (export what is public there).",
      from: { pathNot: [MODULE, ...TESTS] },
      to: { path: MODULES, pathNot: INDEX },
    },
    {
      name: 'module-private-from-module-tests',
      severity: 'error',
      comment: "Tests use another module's index.ts or its testing/ kit, nothing else of it.",
      from: { path: `${MODULE}(.*\\.test\\.tsx?$|testing/)` },
      to: { path: MODULES, pathNot: ['^apps/server/src/modules/$1/', INDEX, KIT] },
    },
    {
      name: 'module-private-from-tests',
      severity: 'error',
      comment: "Tests use a module's index.ts or its testing/ kit, nothing else of it.",
      from: { path: TESTS, pathNot: MODULE },
      to: { path: MODULES, pathNot: [INDEX, KIT] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '/dist/', '^apps/server/src/db/migrations/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
}
