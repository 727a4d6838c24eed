import { createServer } from 'node:net'

/**
 * The dev stack's fixed default ports, one environment variable each. Every
 * service of `npm start` takes its port from here, so there is one place to
 * look when two things collide.
 */
export const PORTS = {
  anvil: { env: 'ANVIL_PORT', port: 8545, what: 'anvil, chain 31337' },
  anvil2: { env: 'ANVIL2_PORT', port: 8546, what: 'anvil, chain 31338' },
  gateway: { env: 'GATEWAY_PORT', port: 8787, what: 'API gateway' },
  relay: { env: 'RELAY_PORT', port: 8788, what: 'WalletConnect relay' },
  frame: { env: 'FRAME_PORT', port: 8789, what: 'dev secure frame' },
  bitcoin: { env: 'BITCOIN_PORT', port: 8790, what: 'Bitcoin regtest (Esplora API)' },
  solana: { env: 'SOLANA_PORT', port: 8899, what: 'Solana JSON-RPC (litesvm)' },
  dapp: { env: 'DAPP_PORT', port: 5173, what: 'demo dapp' },
} as const

export type PortName = keyof typeof PORTS
export type DevnetPorts = Record<PortName, number>

/** The services `startDevnet` starts. */
export const STARTED_SERVICES = ['anvil', 'anvil2', 'gateway', 'relay', 'frame', 'bitcoin', 'solana', 'dapp'] as const satisfies readonly PortName[]

/**
 * Reads the ports from the environment, falling back to the defaults.
 * @example readPorts({ DAPP_PORT: '3000' }).dapp // 3000
 */
export function readPorts(env: Record<string, string | undefined> = process.env): DevnetPorts {
  const ports = {} as DevnetPorts
  for (const [name, { env: key, port }] of Object.entries(PORTS) as [PortName, (typeof PORTS)[PortName]][]) {
    const raw = env[key]?.trim()
    if (raw === undefined || raw === '') {
      ports[name] = port
      continue
    }
    const value = Number(raw)
    if (!/^\d+$/.test(raw) || !Number.isInteger(value) || value < 1 || value > 65_535) {
      throw new PortConfigError(`${key}=${JSON.stringify(raw)} is not a port number (1-65535).`)
    }
    ports[name] = value
  }
  const seen = new Map<number, PortName>()
  for (const name of STARTED_SERVICES) {
    const other = seen.get(ports[name])
    if (other) throw new PortConfigError(`${PORTS[name].env} and ${PORTS[other].env} are both ${ports[name]}; give each service its own port.`)
    seen.set(ports[name], name)
  }
  return ports
}

/** A configuration problem the user can fix (printed without a stack trace). */
export class PortConfigError extends Error {
  override name = 'PortConfigError'
}

/**
 * Throws a `PortConfigError` naming the env var to change when `port` is taken
 * on `host`. Checked before starting anything, because anvil would otherwise
 * either exit with a terse error or, worse, the health check would reach the
 * process already listening there.
 */
export async function assertPortFree(name: PortName, port: number, host = '127.0.0.1'): Promise<void> {
  const free = await new Promise<boolean | string>((resolve) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE' ? false : (error.code ?? error.message)))
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)))
  })
  if (free === true) return
  const { env, what } = PORTS[name]
  const reason = free === false ? 'is already in use' : `cannot be used (${free})`
  throw new PortConfigError(`Port ${port} on ${host} for the ${what} ${reason}. Stop whatever uses it, or pick another port: ${env}=<port> npm start`)
}
