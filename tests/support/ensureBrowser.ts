// `npm test` runs this before vitest: finds a Chrome or Chromium for the browser tests, or installs
// one where the machine allows it (tests/e2e/findBrowser.ts), once and before any test's timeout
// starts. When none can be had it says what to do and lets the run go on: the unit tests still
// run, and each browser test fails with the same line.
import { browserPath } from '../e2e/findBrowser.js'
import { aptInstall, run } from './systemTool.js'

try {
  console.log(`browser tests: ${await browserPath()}`)
} catch (error) {
  console.warn(error instanceof Error ? error.message : String(error))
}

// The language screenshots (tests/e2e/dapp.e2e.test.ts, issue 18) need a font with Chinese and
// Japanese glyphs, which a bare Debian lacks (it draws boxes); 1.6 MB, where apt is allowed.
const cjkFont = await run('fc-list', [':lang=ja']).then(({ stdout }) => stdout.trim() !== '', () => false)
if (!cjkFont) await aptInstall('fonts-wqy-microhei', (line) => console.warn(`browser tests: ${line}`))
