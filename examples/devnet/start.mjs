#!/usr/bin/env node
// `npm start`: the whole local dev stack and the demo dapp, in one command.
//
// Node 20 cannot run TypeScript, so this file first bundles examples/devnet/main.ts
// with esbuild's JS API (packages stay external) into a git-ignored cache folder,
// imports it, and calls startDevnet(). Ports come from the environment
// (ANVIL_PORT, ANVIL2_PORT, GATEWAY_PORT, RELAY_PORT, FRAME_PORT, BITCOIN_PORT, SOLANA_PORT, DAPP_PORT). Ctrl-C (SIGINT) or SIGTERM stops everything and exits 0.
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { bundleForNode, root } from '../bundleForNode.mjs'

const t0 = performance.now()

const bundleMain = () => bundleForNode({ entry: join(root, 'examples', 'devnet', 'main.ts'), cacheName: 'airlock-devnet', outName: 'main.mjs' })

function fail(error) {
  if (error?.name === 'PortConfigError') console.error(`\n✖ ${error.message}\n`)
  else if (process.env.DEBUG) console.error('\n✖ The dev stack could not start:\n', error)
  else console.error(`\n✖ The dev stack could not start: ${error instanceof Error ? error.message : String(error)}\n  (run with DEBUG=1 for the stack trace)\n`)
  process.exit(1)
}

let devnet
/** Settles when start-up has finished or failed; a signal during start-up waits for it, then stops. */
let starting = Promise.resolve()
let stopping = false

async function shutdown(signal) {
  if (stopping) {
    console.log(`\n${signal} again: exiting without waiting.`)
    process.exit(1)
  }
  stopping = true
  console.log(`\n${signal}: stopping the dev stack…`)
  const force = setTimeout(() => {
    console.error('Stopping took more than 5 s; exiting anyway.')
    process.exit(1)
  }, 5_000)
  force.unref()
  try {
    await starting.catch(() => {})
    await devnet?.stop()
    console.log('Stopped. Bye.')
    process.exit(0)
  } catch (error) {
    console.error('Stopping failed:', error)
    process.exit(1)
  }
}

// Installed before anything starts, so a Ctrl-C during start-up still cleans up.
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

async function main() {
  try {
    const main = await bundleMain()
    const { startDevnet, PORTS, hostOptionsSnippet } = await import(pathToFileURL(main).href)
    if (stopping) return // shutdown() exits
    starting = startDevnet({ root }).then((started) => {
      devnet = started
    })
    await starting
    if (stopping) return // shutdown() stops it and exits
    const { urls, config } = devnet
    const seconds = ((performance.now() - t0) / 1000).toFixed(2)
    const row = (label, url, env) => `  ${label.padEnd(22)} ${url.padEnd(26)} ${env}`
    console.log(
      [
        '',
        `Airlock dev stack is up in ${seconds} s`,
        '',
        `  ➜  Demo dapp:  ${urls.dapp}`,
        `  ➜  Headless:   ${new URL('/headless/', urls.dapp)} (a connect page built with the hooks alone)`,
        '',
        row('anvil, chain 31337', urls.anvil, PORTS.anvil.env),
        row('anvil, chain 31338', urls.anvil2, PORTS.anvil2.env),
        row('gateway (cloud APIs)', urls.gateway, PORTS.gateway.env),
        row('WalletConnect relay', urls.relay, PORTS.relay.env),
        row('dev secure frame', urls.frame, PORTS.frame.env),
        row('Bitcoin regtest API', urls.bitcoin, PORTS.bitcoin.env),
        row('Solana (litesvm) RPC', urls.solana, PORTS.solana.env),
        row('demo dapp', urls.dapp, PORTS.dapp.env),
        '',
        `  Dev wallet: ${config.devAccount} (anvil account #0), approve requests in`,
        '  its panel at the bottom-left of the page; open the page with ?devWallet=0 to turn it off.',
        `  Mobile wallet (WalletConnect, anvil account #2): ${urls.mobileWallet}`,
        '  open it in a second tab and paste the wc: URI the dapp shows.',
        `  Set the env vars above to change a port, e.g. ${PORTS.dapp.env}=3000 npm start.`,
        `  Email login codes: printed here as [mailbox] lines, or GET ${urls.gateway}/dev/mailbox/<email>.`,
        '',
        '  Your own app on this stack (any port of this machine; list other origins in AIRLOCK_DEV_ORIGINS):',
        '',
        ...hostOptionsSnippet(config).split('\n').map((line) => `    ${line}`),
        '',
        `  The same options as JSON: GET ${urls.gateway}/dev/options`,
        '',
        '  Press Ctrl-C to stop.',
        '',
      ].join('\n'),
    )
  } catch (error) {
    if (stopping) return // shutdown() reports and exits
    if (devnet) await devnet.stop().catch(() => {})
    fail(error)
  }
}

void main()
