import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** What the stub node answers; tests change it between calls. */
export interface ValidatorRpcState {
  /** The chain `eth_chainId` reports. */
  chainId: number
  /** What every eth_call (the EIP-6492 / 1271 validator) says of a signature. */
  valid: boolean
  /** Anything but 200 fails every request with that status. */
  status: number
  /** The methods asked, in order. */
  methods: string[]
}

/**
 * A local JSON-RPC node for smart-account sign-in checks: it serves a chain id and vouches (or not)
 * for every signature, single or batched, and records what it was asked. No chain runs behind it:
 * the verifier's contract call is what is under test, not a contract.
 */
export async function startValidatorRpc(): Promise<{ url: string; state: ValidatorRpcState; reset(): void; close(): Promise<void> }> {
  const initial = (): ValidatorRpcState => ({ chainId: 1, valid: true, status: 200, methods: [] })
  const state = initial()
  const server = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk) => (body += chunk))
    request.on('end', () => {
      const answer = (call: { id: number; method: string }) => {
        const result = call.method === 'eth_chainId' ? `0x${state.chainId.toString(16)}` : call.method === 'eth_call' ? `0x${'0'.repeat(63)}${state.valid ? 1 : 0}` : '0x'
        return { jsonrpc: '2.0', id: call.id, result }
      }
      const calls = JSON.parse(body) as { id: number; method: string } | { id: number; method: string }[]
      for (const call of [calls].flat()) state.methods.push(call.method)
      if (state.status !== 200) return void response.writeHead(state.status).end()
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    state,
    reset: () => Object.assign(state, initial()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
