import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface Anvil {
  readonly rpcUrl: string
  readonly port: number
  readonly chainId: number
  /** Sends one JSON-RPC request to this anvil. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>
  stop(): Promise<void>
}

/** The well-known anvil dev accounts (mnemonic "test test ... junk"), funded with 10 000 ETH each. */
export const ANVIL_ACCOUNTS = [
  { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
  { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
  { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' },
] as const

/** Path of the anvil binary shipped by `@foundry-rs/anvil` for this platform. */
export function anvilBinary(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN
  const require = createRequire(import.meta.url)
  const platform = process.platform === 'darwin' ? 'darwin' : 'linux'
  const arch = process.arch === 'arm64' ? 'arm64' : 'amd64'
  const pkg = require.resolve(`@foundry-rs/anvil-${platform}-${arch}/package.json`)
  return join(dirname(pkg), 'bin', 'anvil')
}

/**
 * Starts anvil on 127.0.0.1 and waits until it answers. `port: 0` is not
 * supported by anvil, so tests pass a free port (see `freePort`).
 * @example const chain = await startAnvil({ port: 8545, chainId: 31337 })
 */
export async function startAnvil({ port, chainId = 31337, blockTime }: { port: number; chainId?: number; blockTime?: number }): Promise<Anvil> {
  const args = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent']
  if (blockTime) args.push('--block-time', String(blockTime))
  const child: ChildProcess = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const rpcUrl = `http://127.0.0.1:${port}`
  let id = 0
  const rpc = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
    const body = (await res.json()) as { result?: T; error?: { message: string; code: number } }
    if (body.error) throw Object.assign(new Error(body.error.message), { code: body.error.code })
    return body.result as T
  }
  const started = performance.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited (${child.exitCode}): ${stderr.trim()}`)
    try {
      await rpc('eth_chainId')
      break
    } catch {
      if (performance.now() - started > 15_000) {
        child.kill('SIGKILL')
        throw new Error(`anvil did not start on ${rpcUrl}: ${stderr.trim()}`)
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    rpcUrl,
    port,
    chainId,
    rpc,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}

/** A port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net')
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}
