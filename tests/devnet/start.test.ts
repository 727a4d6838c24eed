import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import { freePort } from '../../examples/devnet/anvil.js'
import { assertPortFree } from '../../examples/devnet/ports.js'

const children: ChildProcess[] = []
afterEach(() => {
  // Only the processes this file started, by their own pid.
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

function startScript(env: Record<string, string>) {
  const child = spawn(process.execPath, ['examples/devnet/start.mjs'], { cwd: process.cwd(), env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const waitFor = (pattern: RegExp, ms = 20_000) =>
    new Promise<RegExpMatchArray>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${pattern}; stdout:\n${stdout}\nstderr:\n${stderr}`)), ms)
      const check = () => {
        const match = stdout.match(pattern)
        if (match) {
          clearTimeout(timer)
          child.stdout!.off('data', check)
          resolve(match)
        }
      }
      child.stdout!.on('data', check)
      void exited.then(() => {
        clearTimeout(timer)
        reject(new Error(`exited before ${pattern}; stdout:\n${stdout}\nstderr:\n${stderr}`))
      })
      check()
    })
  return { child, exited, waitFor, output: () => ({ stdout, stderr }) }
}

describe('npm start (examples/devnet/start.mjs)', () => {
  test('behavior: prints the addresses, serves the dapp, and Ctrl-C stops everything with exit code 0', async () => {
    const ports = { ANVIL_PORT: await freePort(), ANVIL2_PORT: await freePort(), GATEWAY_PORT: await freePort(), DAPP_PORT: await freePort(), RELAY_PORT: await freePort(), FRAME_PORT: await freePort() }
    const run = startScript(Object.fromEntries(Object.entries(ports).map(([k, v]) => [k, String(v)])))
    // The whole stack starts here (two anvils with their contracts, Solana, the dapp's build, …): on
    // this 2-core machine, beside another test file, that took 8 s in one run and over 20 s in a busier one.
    await run.waitFor(/Press Ctrl-C to stop/, 60_000)
    const { stdout } = run.output()
    expect(stdout).toContain(`Demo dapp:  http://127.0.0.1:${ports.DAPP_PORT}`)
    expect(stdout).toContain(`Headless:   http://127.0.0.1:${ports.DAPP_PORT}/headless/`)
    for (const [env, port] of Object.entries(ports)) expect(stdout).toMatch(new RegExp(`(http|ws)://127\\.0\\.0\\.1:${port}\\s+${env}`))
    expect(stdout).toContain(`Mobile wallet (WalletConnect, anvil account #2): http://127.0.0.1:${ports.DAPP_PORT}/mobile-wallet/`)
    // What a host app pastes to use this stack: the real URLs of every service and network.
    expect(stdout).toContain(`apiUrl: "http://127.0.0.1:${ports.GATEWAY_PORT}",`)
    expect(stdout).toContain(`relayUrl: "ws://127.0.0.1:${ports.RELAY_PORT}",`)
    expect(stdout).toContain(`secureSiteUrl: "http://127.0.0.1:${ports.FRAME_PORT}",`)
    expect(stdout).toContain(`{ ...airlockDevnet2, rpcUrls: { default: { http: ["http://127.0.0.1:${ports.ANVIL2_PORT}"] } } },`)
    expect(stdout).toContain(`The same options as JSON: GET http://127.0.0.1:${ports.GATEWAY_PORT}/dev/options`)

    const page = await fetch(`http://127.0.0.1:${ports.DAPP_PORT}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('/assets/main.js')
    const chainId = await fetch(`http://127.0.0.1:${ports.ANVIL2_PORT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' })
    expect(((await chainId.json()) as { result: string }).result).toBe('0x7a6a')

    run.child.kill('SIGINT')
    expect(await run.exited).toBe(0)
    expect(run.output().stdout).toContain('Stopped.')
    const names = { ANVIL_PORT: 'anvil', ANVIL2_PORT: 'anvil2', GATEWAY_PORT: 'gateway', DAPP_PORT: 'dapp', RELAY_PORT: 'relay', FRAME_PORT: 'frame' } as const
    for (const [env, port] of Object.entries(ports)) await expect(assertPortFree(names[env as keyof typeof names], port), env).resolves.toBeUndefined()
  }, 90_000)

  test('error: a busy port exits 1 with a message naming the env var', async () => {
    const busy = createServer()
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve))
    const port = (busy.address() as { port: number }).port
    try {
      const run = startScript({ ANVIL_PORT: String(await freePort()), ANVIL2_PORT: String(await freePort()), GATEWAY_PORT: String(port), DAPP_PORT: String(await freePort()) })
      expect(await run.exited).toBe(1)
      expect(run.output().stderr).toContain(`Port ${port} on 127.0.0.1 for the API gateway is already in use`)
      expect(run.output().stderr).toContain('GATEWAY_PORT=<port> npm start')
      expect(run.output().stderr).not.toMatch(/\n\s+at /) // a message, not a stack trace
    } finally {
      await new Promise((resolve) => busy.close(resolve))
    }
  })

  test('error: a malformed port env var is explained', async () => {
    const run = startScript({ DAPP_PORT: 'eighty' })
    expect(await run.exited).toBe(1)
    expect(run.output().stderr).toContain('DAPP_PORT="eighty" is not a port number')
  })

  test('error: an AIRLOCK_DEV_ORIGINS entry that is not an origin is explained before anything starts', async () => {
    const run = startScript({ AIRLOCK_DEV_ORIGINS: 'http://192.168.1.20:5173/app', DAPP_PORT: String(await freePort()) })
    expect(await run.exited).toBe(1)
    expect(run.output().stderr).toContain('AIRLOCK_DEV_ORIGINS: "http://192.168.1.20:5173/app" is not an origin')
    expect(run.output().stderr).not.toMatch(/\n\s+at /)
  })
})
