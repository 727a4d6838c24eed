import { delimiter, join } from 'node:path'
import { chromium } from 'playwright-core'
import { aptInstall, isExecutable, run, withInstallLock } from '../support/systemTool.js'

/** What to do when no browser can be had, in one line (issue 12: a fresh machine). */
export const NO_BROWSER =
  'No Chrome or Chromium found for the browser tests: install one (Debian/Ubuntu: `sudo apt-get install chromium`; macOS: Google Chrome) or set CHROMIUM_PATH to its executable, then run `npm test` again.'

/** Names a system browser goes by on PATH, most specific first. */
const NAMES = ['chromium', 'chromium-browser', 'google-chrome-stable', 'google-chrome', 'chrome']
const FIXED = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome-stable',
  '/usr/bin/google-chrome',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
]

/**
 * A browser already on this machine: CHROMIUM_PATH, then a system Chrome or Chromium, then one a
 * package install brought (Playwright's or Puppeteer's download cache). Null when there is none.
 * @example const path = findInstalledBrowser() ?? await installBrowser()
 */
export function findInstalledBrowser(env: NodeJS.ProcessEnv = process.env): string | null {
  if (env.CHROMIUM_PATH) return isExecutable(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null
  const onPath = (env.PATH ?? '').split(delimiter).filter(Boolean).flatMap((dir) => NAMES.map((name) => join(dir, name)))
  for (const path of [...FIXED, ...onPath]) if (isExecutable(path)) return path
  // Where `npx playwright install chromium` puts its build (playwright-core knows the exact path).
  const playwright = chromium.executablePath()
  if (playwright && isExecutable(playwright)) return playwright
  return null
}

/**
 * Installs a browser where the machine allows it: Debian's or Ubuntu's `chromium` package when we
 * are root with apt-get, else Playwright's own download. One worker installs while the others wait
 * (a lock directory); every worker then looks again. Throws NO_BROWSER when nothing worked.
 * @example const path = await installBrowser()
 */
export async function installBrowser(log: (line: string) => void = (line) => console.warn(line)): Promise<string> {
  return withInstallLock('browser-install', async () => {
    const found = findInstalledBrowser()
    if (found) return found
    await aptInstall('chromium', (line) => log(`browser tests: ${line}`))
    if (!findInstalledBrowser()) {
      log('browser tests: trying Playwright\'s own Chromium download…')
      const cli = join(process.cwd(), 'node_modules', 'playwright-core', 'cli.js')
      await run(process.execPath, [cli, 'install', 'chromium'], { timeout: 300_000, maxBuffer: 64 * 1024 * 1024 }).catch((error: Error) => log(`playwright install failed: ${error.message.split('\n')[0]}`))
    }
    const installed = findInstalledBrowser()
    if (!installed) throw new Error(NO_BROWSER)
    return installed
  })
}

let resolved: Promise<string> | undefined
/**
 * The browser for this test process: found, else installed (see above), once per process.
 * `AIRLOCK_NO_BROWSER_INSTALL=1` only looks.
 * @example const executablePath = await browserPath()
 */
export function browserPath(): Promise<string> {
  return (resolved ??= (async () => {
    const found = findInstalledBrowser()
    if (found) return found
    if (process.env.CHROMIUM_PATH || process.env.AIRLOCK_NO_BROWSER_INSTALL === '1') throw new Error(`${NO_BROWSER}${process.env.CHROMIUM_PATH ? ` (CHROMIUM_PATH=${process.env.CHROMIUM_PATH} is not an executable)` : ''}`)
    return installBrowser()
  })())
}
