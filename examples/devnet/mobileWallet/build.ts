import { build } from 'esbuild'
import { join } from 'node:path'
import { ANVIL_ACCOUNTS } from '../anvil.js'
import { BROWSER_BUILD_OPTIONS } from '../browserBuild.js'
import type { StaticFile } from '../staticServer.js'
import { MOBILE_WALLET_HTML } from './page.js'

/** Where the dev stack serves the page (on the demo dapp's server). */
export const MOBILE_WALLET_PATH = '/mobile-wallet/'

/** The dev key of the mobile wallet: anvil account #2, so it is told apart from the injected dev wallet (#0). */
export const MOBILE_WALLET_ACCOUNT = ANVIL_ACCOUNTS[2]

export interface MobileWalletBundle {
  /** Built files by URL path, e.g. `/mobile-wallet/main.js`. */
  files: Map<string, StaticFile>
  ms: number
}

/**
 * Bundles the dev mobile wallet page (`main.ts`, with the WalletConnect sign
 * client and viem) for the browser in memory, next to its HTML.
 */
export async function buildMobileWallet(root: string): Promise<MobileWalletBundle> {
  const started = performance.now()
  const result = await build({
    absWorkingDir: root,
    entryPoints: [join(root, 'examples', 'devnet', 'mobileWallet', 'main.ts')],
    outfile: join(root, 'examples', 'devnet', 'mobileWallet', 'main.js'),
    ...BROWSER_BUILD_OPTIONS,
  })
  const files = new Map<string, StaticFile>([[`${MOBILE_WALLET_PATH}index.html`, { body: MOBILE_WALLET_HTML, type: 'text/html; charset=utf-8' }]])
  for (const file of result.outputFiles) files.set(`${MOBILE_WALLET_PATH}main.js`, { body: file.contents, type: 'text/javascript; charset=utf-8' })
  return { files, ms: Math.round(performance.now() - started) }
}

/** What the page reads from `config.json`: where the relay and anvil are, and its dev key. */
export interface MobileWalletConfig {
  projectId: string
  relayUrl: string
  chains: { chainId: number; name: string; rpcUrl: string }[]
  privateKey: string
}

/** The page's `config.json` as a static file entry. */
export function mobileWalletConfigFile(devnet: { projectId: string; relayUrl: string; chains: MobileWalletConfig['chains'] }): [string, StaticFile] {
  const config: MobileWalletConfig = { projectId: devnet.projectId, relayUrl: devnet.relayUrl, chains: devnet.chains.map(({ chainId, name, rpcUrl }) => ({ chainId, name, rpcUrl })), privateKey: MOBILE_WALLET_ACCOUNT.privateKey }
  return [`${MOBILE_WALLET_PATH}config.json`, { body: JSON.stringify(config, null, 2), type: 'application/json; charset=utf-8' }]
}
