import type { Page } from 'playwright-core'
import { getAddress } from 'viem'
import { beforeAll, describe, expect, test } from 'vitest'
import { ANVIL_ACCOUNTS, freePort } from '../../examples/devnet/anvil.js'
import { startStaticServer } from '../../examples/devnet/staticServer.js'
import { BUDGETS } from '../bench/budgets.js'
import { buildApp, KB } from '../bench/bundle.js'
import { screenshot } from '../e2e/chromium.js'
import { createTestWallet, installTestWallet } from '../../testing/index.js'
import { useDevStack } from '../e2e/useDappHarness.js'
import { buildHost, HOSTS, packAirlock, prepareHost, type BuiltHost, type HostName } from './hostApps.js'

/**
 * What users install, in the apps they build (issue 12): the `npm pack` tarball in a Vite 8 app
 * on React 19, a Vite app on React 18.3, a Next.js 16 app (a server page renders
 * <ConnectButton />, a client layout holds the provider; static export) and an esbuild app, each
 * type-checked strictly and built by its own tool. Then each opens in Chromium against the dev
 * stack: the button shows, the modal opens, an injected wallet connects and the address shows,
 * with no console error or hydration warning. The byte budgets hold for the Vite and esbuild builds.
 */
const stack = useDevStack()
let tarball: string

beforeAll(async () => {
  tarball = await packAirlock()
}, 180_000)

const built = new Map<HostName, BuiltHost>()
/** Installs (once per dependency set, cached), type-checks and builds a host; memoised for this file. */
const dirs = new Map<HostName, string>()

async function host(name: HostName): Promise<BuiltHost> {
  const cached = built.get(name)
  if (cached) return cached
  const dir = await prepareHost(name, tarball)
  dirs.set(name, dir)
  const result = await buildHost(name, dir)
  built.set(name, result)
  return result
}

async function openHost(files: Map<string, Uint8Array>, account: number): Promise<{ page: Page; problems: string[]; close: () => Promise<void> }> {
  const server = await startStaticServer({ port: await freePort(), root: new URL('.', import.meta.url).pathname, files: () => new Map([...files].map(([path, body]) => [path, { body }])) })
  const context = await stack.browser.newContext({ viewport: { width: 1100, height: 800 } })
  const page = await context.newPage()
  const problems: string[] = []
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' || (message.type() === 'warning' && /hydrat/i.test(message.text()))) problems.push(`${message.type()}: ${message.text()}`)
  })
  const [chain] = stack.devnet.config.chains
  const wallet = createTestWallet({ privateKey: ANVIL_ACCOUNTS[account]!.privateKey, chains: { [chain!.chainId]: chain!.rpcUrl }, chainId: chain!.chainId })
  await installTestWallet(page, wallet)
  const { gateway, relay, frame } = stack.devnet.urls
  await page.addInitScript((config) => Object.assign(window, { __AIRLOCK_HOST__: config }), { rpcUrl: chain!.rpcUrl, gatewayUrl: gateway, relayUrl: relay, secureSiteUrl: frame })
  await page.goto(`${server.url}/`)
  return { page, problems, close: async () => (await context.close(), await server.close()) }
}

const NAMES = Object.keys(HOSTS) as HostName[]

describe('the packed package in host apps (Chromium)', { timeout: 600_000 }, () => {
  test.each(NAMES.map((name, i) => [name, i] as const))('behavior: %s: strict types, a production build, then connect a wallet with no console error', async (name, index) => {
    const { files } = await host(name)
    const { page, problems, close } = await openHost(files, 3 + index)
    try {
      const button = page.getByRole('button', { name: 'Connect Wallet' })
      await button.waitFor({ timeout: 20_000 })
      await button.click()
      const dialog = page.getByRole('dialog')
      await dialog.getByRole('button', { name: /Airlock Test Wallet/ }).click({ timeout: 20_000 })
      const address = page.getByTestId('address')
      await expect.poll(() => address.getAttribute('data-status'), { timeout: 20_000 }).toBe('connected')
      expect(await address.textContent()).toBe(getAddress(ANVIL_ACCOUNTS[3 + index]!.address))
      await screenshot(page, `host-${name}-connected`)
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })
})

describe('byte budgets on the packed package (issue 12)', { timeout: 600_000 }, () => {
  test.each(['vite-react19', 'esbuild'] as const)(`behavior: %s: initial JavaScript ≤ +${BUDGETS.initialKb} KB gzip in at most 4 files, and all chunks ≤ +${BUDGETS.totalKb} KB over React alone`, async (name) => {
    const { app, baseline } = await host(name)
    const initial = (app!.initialGzip - baseline!.initialGzip) / KB
    const total = (app!.totalGzip - baseline!.totalGzip) / KB
    console.log(`${name}: initial +${initial.toFixed(3)} KB in ${app!.initialFiles} files, all +${total.toFixed(1)} KB`)
    expect(initial).toBeLessThanOrEqual(BUDGETS.initialKb)
    expect(total).toBeLessThanOrEqual(BUDGETS.totalKb)
    // Each file is another request before the button can show (core/sharedChunk.ts keeps esbuild's at 4).
    expect(app!.initialFiles).toBeLessThanOrEqual(4)
  })

  test('behavior: zod, viem, WalletConnect, bitcoinjs-lib, storage, the modal and the late reducers stay out of the initial JavaScript (esbuild)', async () => {
    const { app } = await host('esbuild')
    const lazy = /(^|\/)(zod|viem|ox|@noble|abitype|@walletconnect|bitcoinjs-lib|idb-keyval)\/|airlock-kit\/dist\/(storage\/createStorage|react\/modal\/(Modal\.js|ViewHost|views\/)|core\/slices\/(auth|registry|walletConnect|frame)\/reducer|core\/options\/(validator|optionsSchema))/
    expect(app!.initialModules.filter((path) => lazy.test(path))).toEqual([])
  })

  test('behavior: the devtools imported lazily by the app add nothing of theirs (nor zod, nor the late reducers) to the initial JavaScript (esbuild)', async () => {
    const { app } = await host('esbuild')
    const withDevtools = await buildApp({ entry: 'src/withDevtools.tsx', absWorkingDir: dirs.get('esbuild')!, topN: 10_000 })
    const initial = withDevtools.report.chunks.filter((c) => c.initial)
    const modules = initial.flatMap((c) => c.topModules.filter((m) => m.bytes > 0).map((m) => m.path))
    const lazy = /(^|\/)(zod|viem|ox|@noble|abitype|@walletconnect|bitcoinjs-lib|idb-keyval)\/|airlock-kit\/dist\/(devtools\/|testing\/|storage\/createStorage|react\/modal\/(Modal\.js|ViewHost|views\/)|core\/(lateSlices|reduceAll|rootReducer|store\/(parseLog|replayWith))|core\/slices\/(auth|registry|walletConnect|frame)\/reducer)/
    expect(modules.filter((path) => lazy.test(path))).toEqual([])
    // The host's own few lines of glue (a lazy component) and nothing more: no module, no file.
    expect(withDevtools.report.initialGzip - app!.initialGzip).toBeLessThan(512)
    expect(initial.length).toBe(app!.initialFiles)
    // The panel itself is there, in a chunk of its own.
    expect(withDevtools.report.chunks.some((c) => !c.initial && c.topModules.some((m) => /airlock-kit\/dist\/devtools\/DevtoolsPanel/.test(m.path)))).toBe(true)
  })
})
