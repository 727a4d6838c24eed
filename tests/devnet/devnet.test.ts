import { request } from 'node:http'
import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getContractAddress } from 'viem'
import { freePort } from '../../examples/devnet/anvil.js'
import { DEV_DEPLOYER } from '../../examples/devnet/contracts/deployDevAssets.js'
import { startDevnet, type Devnet } from '../../examples/devnet/main.js'
import { startOnFreePorts } from '../e2e/useDappHarness.js'
import { assertPortFree, PORTS, readPorts, STARTED_SERVICES } from '../../examples/devnet/ports.js'
import { readDevOrigins } from '../../examples/devnet/devOrigins.js'
import { hostOptions, hostOptionsSnippet } from '../../examples/devnet/hostOptions.js'
import { airlockBitcoinRegtest, airlockSolanaLocal } from '../../core/chains/networks.js'
import { createAirlock } from '../../core/createAirlock.js'

let devnet: Devnet
beforeAll(async () => {
  devnet = await startOnFreePorts()
})
afterAll(() => devnet?.stop())

/** A raw request, so the path reaches the server exactly as written (fetch would normalise `..`). */
function raw(url: string, path: string, method = 'GET'): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, headers: res.headers }))
    })
    req.on('error', reject)
    req.end()
  })
}

const rpc = async (url: string, method: string) =>
  ((await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] }) })).json()) as { result: unknown }).result

describe('startDevnet', () => {
  test('default: the dapp page is served with no-store', async () => {
    const res = await fetch(devnet.urls.dapp)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(res.headers.get('cache-control')).toBe('no-store')
    const html = await res.text()
    expect(html).toContain('<script type="module" src="/assets/main.js"></script>')
    expect(html).toContain('<div id="root">')
    expect(devnet.urls.dapp).toBe(`http://127.0.0.1:${devnet.ports.dapp}`)
  })

  test('behavior: the bundle is minified ESM with the lazily loaded modal in its own chunk', async () => {
    const main = await fetch(`${devnet.urls.dapp}/assets/main.js`)
    expect(main.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(main.headers.get('cache-control')).toBe('no-store')
    const code = await main.text()
    expect(code).not.toContain('process.env.NODE_ENV')
    // Minified: local names are mangled (the function exists in the source under this name).
    expect(code).not.toContain('function mountDevWalletPanel')
    expect(code).toContain('//# sourceMappingURL=main.js.map')
    expect((await fetch(`${devnet.urls.dapp}/assets/main.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8')

    const outputs = Object.entries(devnet.bundle.metafile.outputs)
    const entry = outputs.find(([, out]) => out.entryPoint?.endsWith('examples/react-dapp/main.tsx'))
    const modal = outputs.find(([file, out]) => file.endsWith('.js') && Object.keys(out.inputs).some((input) => input.endsWith('react/modal/Modal.tsx')))
    expect(entry).toBeDefined()
    expect(modal).toBeDefined()
    expect(modal![0]).not.toBe(entry![0])
    expect(Object.keys(entry![1].inputs).some((input) => input.endsWith('react/modal/Modal.tsx'))).toBe(false)
    const chunkPath = `/assets/${modal![0].split('/assets/')[1]}`
    const chunk = await fetch(devnet.urls.dapp + chunkPath)
    expect(chunk.status).toBe(200)
    expect(chunk.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
  })

  test('behavior: /devnet-config.json points the page at this stack', async () => {
    // The dev tokens and collection: the same addresses on both fresh chains (the deployer's first transactions).
    const at = (nonce: number) => getContractAddress({ from: DEV_DEPLOYER.address, nonce: BigInt(nonce) })
    const devAssets = {
      tokens: [
        { address: at(0), name: 'Airlock Dev USD', symbol: 'dUSD', decimals: 6, spam: false },
        { address: at(1), name: 'Airlock Dev Token', symbol: 'ADT', decimals: 18, spam: false },
        { address: at(2), name: 'Free Airdrop Claim', symbol: 'CLAIM', decimals: 18, spam: true },
      ],
      collectibles: { address: at(3), name: 'Airlock Dev Collectibles', symbol: 'ADC' },
      // After the 11 token payouts and 3 mints.
      swap: { address: at(18) },
    }
    const res = await fetch(`${devnet.urls.dapp}/devnet-config.json`)
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await res.json()).toEqual({
      projectId: 'airlock-dev',
      gatewayUrl: `http://127.0.0.1:${devnet.ports.gateway}`,
      chains: [
        { chainId: 31337, name: 'Airlock Devnet', rpcUrl: `http://127.0.0.1:${devnet.ports.anvil}`, assets: devAssets },
        { chainId: 31338, name: 'Airlock Devnet 2', rpcUrl: `http://127.0.0.1:${devnet.ports.anvil2}`, assets: devAssets },
      ],
      devAccount: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      recipient: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      relayUrl: `ws://127.0.0.1:${devnet.ports.relay}`,
      secureSiteUrl: devnet.urls.frame,
      bitcoinApiUrl: `http://127.0.0.1:${devnet.ports.bitcoin}`,
      solanaRpcUrl: `http://127.0.0.1:${devnet.ports.solana}`,
    })
  })

  test('behavior: a host app on any port of this machine gets the createAirlock options from GET /dev/options, and they are valid options', async () => {
    const res = await fetch(`${devnet.urls.gateway}/dev/options`, { headers: { origin: 'http://localhost:3000' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    const options = (await res.json()) as ReturnType<typeof hostOptions>
    expect(options).toEqual(JSON.parse(JSON.stringify(hostOptions(devnet.config))))
    expect(options).toMatchObject({ projectId: 'airlock-dev', apiUrl: devnet.urls.gateway, blockchainApiUrl: devnet.urls.gateway, relayUrl: devnet.urls.relay, secureSiteUrl: devnet.urls.frame })
    expect(options.networks.map((n) => [n.caipNetworkId, n.rpcUrls.default.http[0]])).toEqual([
      ['eip155:31337', devnet.urls.anvil],
      ['eip155:31338', devnet.urls.anvil2],
      [airlockSolanaLocal.caipNetworkId, devnet.urls.solana],
      [airlockBitcoinRegtest.caipNetworkId, devnet.urls.bitcoin],
    ])
    // createAirlock validates them like any host's options (JSON round trip included).
    const airlock = createAirlock({ ...options, metadata: { name: 'Host', description: 'A host app', url: 'http://localhost:3000', icons: [] }, deps: { window: undefined } })
    expect(airlock.getState().options.networks.map((n) => n.rpcUrls.default.http[0])).toEqual(options.networks.map((n) => n.rpcUrls.default.http[0]))
    airlock.destroy()
    // The printed snippet names the same URLs.
    const snippet = hostOptionsSnippet(devnet.config)
    for (const url of [devnet.urls.gateway, devnet.urls.relay, devnet.urls.frame, devnet.urls.anvil, devnet.urls.anvil2, devnet.urls.solana, devnet.urls.bitcoin]) expect(snippet).toContain(JSON.stringify(url))
  })

  test('behavior: the dev project allows every origin of this machine; another origin is still told its list (the SDK refuses it) and the stack logs how to allow it', async () => {
    const lines: string[] = []
    const log = console.log
    console.log = (...args: unknown[]) => void lines.push(args.join(' '))
    try {
      const origins = async (origin: string) => (await (await fetch(`${devnet.urls.gateway}/projects/v1/origins?projectId=airlock-dev`, { headers: { origin } })).json()) as { allowedOrigins: string[] }
      expect((await origins('http://localhost:3000')).allowedOrigins).toEqual(['http://127.0.0.1:*', 'http://localhost:*'])
      expect(lines).toEqual([])
      await origins('http://192.168.1.20:5173')
      expect(lines).toEqual(['[gateway] http://192.168.1.20:5173 is not an allowed origin of project airlock-dev: email and social login will refuse it. Allow it with AIRLOCK_DEV_ORIGINS=http://192.168.1.20:5173 npm start'])
    } finally {
      console.log = log
    }
  })

  test('error: no way out of the dapp folder, and only GET/HEAD', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/..%2f..%2fpackage.json', '/assets/..%2F..%2F..%2Fpackage.json', '/..\\..\\package.json', '/%00', '/.env', '/%E0%A4%A', '/nope.js']) {
      const res = await raw(devnet.urls.dapp, path)
      expect([400, 404], path).toContain(res.status)
      expect(res.body, path).not.toContain('"name": "airlock"')
      expect(res.headers['cache-control']).toBe('no-store')
    }
    expect((await raw(devnet.urls.dapp, '/', 'POST')).status).toBe(405)
    const head = await raw(devnet.urls.dapp, '/index.html', 'HEAD')
    expect(head.status).toBe(200)
    expect(head.body).toBe('')
  })

  test('behavior: the gateway serves the registry and both anvils answer their chain ids', async () => {
    const wallets = (await (await fetch(`${devnet.urls.gateway}/getWallets?projectId=airlock-dev&entries=3`)).json()) as { count: number; data: { image_id: string }[] }
    expect(wallets.data).toHaveLength(3)
    expect((await fetch(`${devnet.urls.gateway}/getWalletImage/${wallets.data[0]!.image_id}`)).headers.get('content-type')).toBe('image/svg+xml')
    expect(await (await fetch(`${devnet.urls.gateway}/appkit/v1/config?projectId=airlock-dev`)).json()).toHaveProperty('features')
    expect(await rpc(devnet.urls.anvil, 'eth_chainId')).toBe('0x7a69')
    expect(await rpc(devnet.urls.anvil2, 'eth_chainId')).toBe('0x7a6a')
    // The swap service trades on both chains' DevSwap pools: 1 dUSD buys about 1/3000 ETH.
    const quote = await fetch(`${devnet.urls.gateway}/v1/convert/quotes?projectId=airlock-dev&amount=1000000&userAddress=${devnet.config.devAccount}&from=eip155:31338:${devnet.config.chains[1]!.assets!.tokens[0]!.address}&to=eip155:31338:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`)
    expect(((await quote.json()) as { quotes: { toAmount: string }[] }).quotes[0]!.toAmount).toMatch(/^332\d{12}$/)
    expect(devnet.urls.bitcoin).toBe(`http://127.0.0.1:${devnet.ports.bitcoin}`)
    expect(Number(await (await fetch(`${devnet.urls.bitcoin}/blocks/tip/height`)).text())).toBeGreaterThanOrEqual(0)
    expect(await rpc(devnet.urls.solana, 'getHealth')).toBe('ok')
  })

  test('error: a port in use fails before anything starts, naming the env var to change', async () => {
    const busy: Server = createServer()
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
    const port = (busy.address() as { port: number }).port
    const others = { anvil: await freePort(), anvil2: await freePort(), gateway: await freePort() }
    try {
      await expect(startDevnet({ ports: { ...others, dapp: port } })).rejects.toThrow(new RegExp(`Port ${port} .*demo dapp.*already in use.*DAPP_PORT=<port> npm start`))
      await expect(startDevnet({ ports: { ...others, dapp: await freePort(), anvil: port } })).rejects.toThrow(/ANVIL_PORT/)
      // Nothing was left running on the other ports.
      await Promise.all(Object.entries(others).map(([name, p]) => assertPortFree(name as keyof typeof others, p)))
    } finally {
      await new Promise((resolve) => busy.close(resolve))
    }
  })

  test('unit: AIRLOCK_DEV_ORIGINS lists origins, comma- or space-separated; anything else is explained', () => {
    expect(readDevOrigins({})).toEqual([])
    expect(readDevOrigins({ AIRLOCK_DEV_ORIGINS: ' http://192.168.1.20:5173, https://my-app.ngrok-free.app/ https://a.example:8443' })).toEqual(['http://192.168.1.20:5173', 'https://my-app.ngrok-free.app', 'https://a.example:8443'])
    for (const bad of ['192.168.1.20:5173', 'ftp://a.example', 'https://a.example/path', 'http://user@a.example', 'javascript:alert(1)']) {
      expect(() => readDevOrigins({ AIRLOCK_DEV_ORIGINS: bad }), bad).toThrow(`AIRLOCK_DEV_ORIGINS: ${JSON.stringify(bad)} is not an origin`)
    }
  })

  test('unit: ports come from the env with defaults; bad values are explained', () => {
    expect(readPorts({})).toEqual({ anvil: 8545, anvil2: 8546, gateway: 8787, relay: 8788, frame: 8789, bitcoin: 8790, solana: 8899, dapp: 5173 })
    expect(readPorts({ DAPP_PORT: '3000', RELAY_PORT: '9000' })).toMatchObject({ dapp: 3000, relay: 9000 })
    expect(() => readPorts({ GATEWAY_PORT: 'abc' })).toThrow('GATEWAY_PORT="abc" is not a port number')
    expect(() => readPorts({ GATEWAY_PORT: '70000' })).toThrow(/GATEWAY_PORT/)
    expect(() => readPorts({ DAPP_PORT: '8545' })).toThrow('DAPP_PORT and ANVIL_PORT are both 8545')
    expect(Object.values(PORTS).map((p) => p.env)).toEqual(['ANVIL_PORT', 'ANVIL2_PORT', 'GATEWAY_PORT', 'RELAY_PORT', 'FRAME_PORT', 'BITCOIN_PORT', 'SOLANA_PORT', 'DAPP_PORT'])
  })

  // Last: it stops the shared stack.
  test('behavior: stop() frees every port and can be called twice', async () => {
    const ports = Object.entries(devnet.ports) as [keyof typeof devnet.ports, number][]
    expect(ports.map(([name]) => name).sort()).toEqual([...STARTED_SERVICES].sort())
    await Promise.all([devnet.stop(), devnet.stop()])
    for (const [name, port] of ports) await expect(assertPortFree(name, port), name).resolves.toBeUndefined()
    await expect(fetch(devnet.urls.anvil, { method: 'POST' })).rejects.toThrow()
  })
})
