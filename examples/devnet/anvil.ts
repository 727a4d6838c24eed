import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export interface Anvil {
  readonly rpcUrl: string
  readonly port: number
  readonly chainId: number
  /** Sends one JSON-RPC request to this anvil. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>
  /** Freezes the process (SIGSTOP): the port stays open but nothing answers, as a hung node. */
  pause(): void
  /** Lets a paused process run again (SIGCONT). */
  resume(): void
  stop(): Promise<void>
}

/** The well-known anvil dev accounts (mnemonic "test test ... junk"), funded with 10 000 ETH each. */
export const ANVIL_ACCOUNTS = [
  { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' },
  { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' },
  { address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a' },
  { address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906', privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' },
  { address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65', privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a' },
  { address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' },
  { address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9', privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e' },
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
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    stop: async () => {
      // A paused process ignores SIGTERM until it runs again.
      if (child.exitCode === null) child.kill('SIGCONT')
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
