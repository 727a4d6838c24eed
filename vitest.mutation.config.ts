import { defineConfig } from 'vitest/config'
import base from './vitest.config.js'

/**
 * The tests Stryker runs against each mutant (`npm run mutate`, tests/mutation/): the unit, marble
 * and component tests beside the code. The browser, devnet, host and bench suites start real
 * processes (Chromium, servers) and take minutes; a mutant in the rules Stryker mutates is caught
 * or not by the tests written beside those rules.
 */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ['{core,react,storage,telemetry}/**/*.test.{ts,tsx}'],
    // Mocks the modal chunk's import to fail and counts the reports over real time: it failed once
    // (2 reports for 1) in Stryker's initial run on a loaded machine, which stops a whole group;
    // it guards chunk loading in React, no rule a group mutates. It runs in `npm test`.
    exclude: [...(base.test?.exclude ?? ['**/node_modules/**']), 'react/modal/ModalPortal.test.tsx'],
  },
})
