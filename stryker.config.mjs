// Mutation testing (issue 20): `npm run mutate` (tests/mutation/mutate.ts). Stryker changes one
// small thing at a time in the code that guards users (a comparison, a constant, a condition, a
// list entry) and runs the tests that cover it; a change no test notices is a "survivor": a bug
// the suite would let through. One run per group below, each with its own committed incremental
// file, so a rerun after a small change tests only the mutants in changed code or covered by
// changed tests, and a group that finished keeps its result if a later one is stopped.

/** The guarded core, by group: the report (tests/mutation/README.md) scores each group. */
export const GROUPS = {
  frame: ['core/frame/**/*.ts'],
  siwx: ['core/siwx/**/*.ts'],
  store: ['core/store/**/*.ts'],
  // storage/testing/ holds test helpers (a Map storage, a failing IndexedDB), not product code.
  storage: ['storage/**/*.ts', '!storage/testing/**'],
  telemetry: ['telemetry/**/*.ts'],
  links: ['core/registry/safeWalletLink.ts', 'core/options/origins.ts'],
  // Every epic with a SPEC 9 timing rule.
  timing: [
    'core/chains/announced/announcedWalletEpics.ts',
    'core/chains/evm/disconnectEpic.ts',
    'core/chains/evm/receiptEpic.ts',
    'core/chains/evm/reconnectEpic.ts',
    'core/connectors/auth/authProviderEpic.ts',
    'core/connectors/auth/cooldownEpic.ts',
    'core/connectors/auth/emailLoginEpic.ts',
    'core/connectors/auth/notAllowedEpic.ts',
    'core/connectors/auth/signOutEpic.ts',
    'core/connectors/walletConnect/lifecycleEpics.ts',
    'core/connectors/walletConnect/pairEpic.ts',
    'core/connectors/walletConnect/pairingExpiryEpic.ts',
    'core/connectors/walletConnect/relayStatusEpic.ts',
    'core/portfolio/portfolioEpics.ts',
    'core/registry/registryEpics.ts',
    'core/slices/balances/balanceEpic.ts',
    'core/slices/modal/shakeEpic.ts',
    'core/slices/notifications/notificationsEpic.ts',
    'core/slices/options/analyticsConfigEpic.ts',
    'core/slices/options/originCheckEpic.ts',
    'core/slices/options/remoteConfigEpic.ts',
  ],
  // The modal, router, auth and connection reducers.
  reducers: ['core/slices/modal/reducer.ts', 'core/slices/router/reducer.ts', 'core/slices/auth/reducer.ts', 'core/slices/connection/reducer.ts'],
}

/**
 * Which tests each group runs against its mutants (vitest.mutation.config.ts). 'all': every unit,
 * marble and component test (links and reducers, which ran first and kept their results; telemetry
 * was rerun with its importers in 1.2 min). 'importers': the tests that import one of
 * the group's modules, plus tests/timing/; a group's modules run in every store, and rerunning
 * hundreds of component tests per mutant took about 4 s a mutant.
 */
export const TESTS_OF = {
  frame: 'importers',
  siwx: 'importers',
  store: 'importers',
  storage: 'importers',
  telemetry: 'importers',
  links: 'all',
  timing: 'importers',
  reducers: 'all',
}

const group = process.env.MUTATE_GROUP ?? 'telemetry'
if (!(group in GROUPS)) throw new Error(`MUTATE_GROUP must be one of ${Object.keys(GROUPS).join(', ')}; got ${group}`)

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  // Type declarations and barrels hold no behaviour to mutate.
  mutate: [...GROUPS[group], '!**/*.test.ts', '!**/*.test.tsx', '!**/index.ts', '!**/types.ts'],
  coverageAnalysis: 'perTest',
  incremental: true,
  incrementalFile: `tests/mutation/incremental/${group}.json`,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `.cache/mutation/${group}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  tempDirName: '.cache/stryker-tmp',
  // The sandbox copy needs the sources and tests only (.cache holds gigabytes of bench installs).
  ignorePatterns: ['.cache', 'dist', 'docs', 'coverage', 'tests/artifacts', 'tests/visual', 'tests/bench', 'tests/hosts', 'examples/**/node_modules'],
  cleanTempDir: 'always',
  concurrency: 2,
  // A mutant that makes a test loop on the virtual clock is ended by this and counts as killed.
  timeoutMS: 20_000,
  // Not run: mutants of code that runs once at import (module-level zod schemas, lists, constants).
  // Each would rerun every test of the group (frame alone: hours on 2 cores); the deny lists and
  // SPEC 9 values are pinned by tests written for them instead (safeWalletLink.test.ts writes the
  // list out, tests/timing/ pins every constant at t - 1 and t). The report counts them apart.
  ignoreStatic: true,
}
