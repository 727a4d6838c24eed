import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { ANVIL_ACCOUNTS, freePort } from '../../examples/devnet/anvil.js'
import { startDevnet, type Devnet } from '../../examples/devnet/main.js'
import { PortConfigError } from '../../examples/devnet/ports.js'
import { createTestWallet, installTestWallet, type TestWallet } from '../../testing/index.js'
import { launchChromium } from './chromium.js'
import { checkReplaysOnClose, closeAfterReplayCheck, expectReplaysMatchIn } from './replayCheck.js'
import { startTogether } from '../support/startTogether.js'

export interface DappHarness {
  readonly devnet: Devnet
  /** A fresh test wallet for an anvil account that knows only the first chain (the second must be added). */
  newWallet(account: number): TestWallet
  /** A new browser context and page with `wallet` injected (and `setup` run) before the demo opens at `query` (on `base`, default the dev stack's dapp URL). */
  openDapp(wallet: TestWallet, query: string, setup?: (page: Page) => Promise<unknown>, base?: string): Promise<{ page: Page; errors: string[]; lastParams: Map<string, unknown> }>
}

/**
 * Registers one dev stack and one Chromium for the test file, and closes every
 * page's context after each test, once each page's `replay(log)` was checked
 * against its live state (tests/e2e/replayCheck.ts). The demo's own dev wallet is always off.
 * @example const dapp = useDappHarness(); const { page } = await dapp.openDapp(dapp.newWallet(2), '')
 */
export function useDappHarness(): DappHarness {
  const stack = useDevStack()
  const contexts: BrowserContext[] = []
  afterEach(async () => {
    const failures: unknown[] = []
    // Every page of each context is checked before the context closes.
    for (const context of contexts.splice(0)) await closeAfterReplayCheck(context).catch((error: unknown) => failures.push(error))
    throwAll(failures)
  })
  return {
    get devnet() {
      return stack.devnet
    },
    newWallet(account) {
      const [first] = stack.devnet.config.chains
      return createTestWallet({ privateKey: ANVIL_ACCOUNTS[account]!.privateKey, chains: { [first!.chainId]: first!.rpcUrl }, chainId: first!.chainId })
    },
    async openDapp(wallet, query, setup, base = stack.devnet.urls.dapp) {
      const context = await stack.browser.newContext({ viewport: { width: 1200, height: 820 } })
      contexts.push(context)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      // A message posted to the wrong origin is dropped with only a console line: count it as a failure.
      page.on('console', (message) => void (/postMessage/.test(message.text()) && errors.push(message.text())))
      const { lastParams } = await installTestWallet(page, wallet)
      await setup?.(page)
      await page.goto(`${base}/?devWallet=0${query}`)
      return { page, errors, lastParams }
    },
  }
}

/** Tries a stack this many times: a free port may be taken by another test file's server before the stack binds it. */
const PORT_ATTEMPTS = 3

/**
 * A port taken by another test file between the free-port pick and the listen: before anything
 * started (PortConfigError), or while starting (a service's EADDRINUSE; the dapp server listens
 * last, after its bundle is built). startDevnet has stopped what it started either way.
 */
function portTaken(error: unknown): boolean {
  return error instanceof PortConfigError || (error instanceof Error && (error.cause as { code?: unknown } | undefined)?.code === 'EADDRINUSE')
}

/** The dev stack on ports free a moment ago; when one was taken meanwhile, new ports. */
export async function startOnFreePorts(): Promise<Devnet> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startDevnet({ ports: { anvil: await freePort(), anvil2: await freePort(), gateway: await freePort(), dapp: await freePort() } })
    } catch (error) {
      if (!portTaken(error) || attempt >= PORT_ATTEMPTS) throw error
    }
  }
}

export interface DevStack {
  readonly devnet: Devnet
  readonly browser: Browser
}

/** Throws the one error, or one naming them all; nothing when there are none. */
function throwAll(errors: readonly unknown[]): void {
  if (errors.length === 0) return
  if (errors.length === 1) throw errors[0]
  throw new Error(errors.map((error) => (error instanceof Error ? error.message : String(error))).join('\n'))
}

/**
 * Starts one dev stack (every service on a free port) and one Chromium for the test file, both
 * stopped after it. Read the getters inside tests and hooks, not at module level.
 *
 * Issue 16 part 5: on every page of every context made from `browser`, `replay(log)` must equal
 * the live state (tests/e2e/replayCheck.ts). It is checked right before the context closes,
 * whoever closes it (a test's `finally`, its afterEach), and after each test on the pages still
 * open; a difference fails the test (this afterEach, or afterAll for a context closed later).
 * @example const stack = useDevStack(); await stack.browser.newPage()
 */
export function useDevStack(): DevStack {
  let devnet: Devnet | undefined
  let browser: Browser | undefined
  let checked: Browser | undefined
  const failures: unknown[] = []
  beforeAll(async () => {
    ;[devnet, browser] = await startTogether([startOnFreePorts(), launchChromium()])
    checked = checkReplaysOnClose(browser, (error) => failures.push(error))
  }, 60_000)
  // Registered before any afterEach of the test file, so it runs after them (vitest runs these
  // hooks as a stack): the contexts they closed were checked then, the rest are checked here.
  afterEach(async () => {
    for (const context of browser?.contexts() ?? []) await expectReplaysMatchIn(context).catch((error: unknown) => failures.push(error))
    throwAll(failures.splice(0))
  })
  afterAll(async () => {
    try {
      throwAll(failures.splice(0))
    } finally {
      await browser?.close()
      await devnet?.stop()
    }
  })
  return {
    get devnet() {
      return devnet!
    },
    get browser() {
      return checked!
    },
  }
}
