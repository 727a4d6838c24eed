import type { Action } from '../../actions/types.js'
import type { ChainNamespace, Network } from '../../chains/types.js'
import { RPC_NOT_ALLOWED_MESSAGE } from '../../chains/evm/rpcMethods.js'
import { BaseError } from '../../errors/BaseError.js'
import { isFrameRpcMethodAllowed, rpcRequestSchema, type FrameRpcRequest } from '../../frame/index.js'
import { selectActiveNetwork } from '../../slices/network/selectors.js'
import type { AirlockState } from '../../state.js'
import type { Eip1193Provider } from '../providerRegistry.js'
import { AUTH_CONNECTOR_ID } from './authSession.js'

/** One RPC request on its way to the frame; the promise settles when the epic says so. */
export interface RpcJob {
  readonly id: string
  readonly request: FrameRpcRequest
  resolve(result: unknown): void
  reject(error: unknown): void
}

export const INVALID_PARAMS_MESSAGE = 'Invalid params'

/** The network of the account (`caipAddress`), else the active one when it is of `namespace`, else the namespace's first. */
function networkOf(state: AirlockState, caipAddress: string | null, namespace: ChainNamespace): Network {
  const active = selectActiveNetwork(state)
  const id = caipAddress?.split(':').slice(0, 2).join(':')
  const networks = state.options.networks
  return networks.find((n) => n.caipNetworkId === id) ?? (active.chainNamespace === namespace ? active : (networks.find((n) => n.chainNamespace === namespace) ?? active))
}

/**
 * The auth connector's EIP-1193 provider (`airlock.getProvider()` when logged in by email or
 * social): accounts and chain id answered from state, listed methods validated (SPEC 3) and
 * handed to the auth epic as jobs (RPC_REQUEST through the frame, which asks the person itself for unsafe ones),
 * anything else refused with SPEC 8 'Requested RPC call is not allowed'.
 * @example createAuthProvider({ state: () => store.getState(), emit, submit, id })
 */
export function createAuthProvider(params: {
  state: () => AirlockState
  emit: (action: Action) => void
  submit: (job: RpcJob) => void
  id: () => string
}): Eip1193Provider {
  const { state, emit, submit, id } = params
  return {
    request(args) {
      const method = typeof args?.method === 'string' ? args.method.slice(0, 64) : ''
      const current = state()
      // One login, an account per family: Solana methods go with the Solana account's cluster, the rest with the EVM account's chain.
      const namespace: ChainNamespace = method.startsWith('solana_') ? 'solana' : 'eip155'
      const own = current.connection.namespaces[namespace]
      const connection = own?.connectorId === AUTH_CONNECTOR_ID && own.status === 'connected' ? own : undefined
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') {
        return Promise.resolve(connection ? connection.accounts.map((a) => a.slice(a.lastIndexOf(':') + 1)) : [])
      }
      const network = networkOf(current, connection?.caipAddress ?? null, namespace)
      if (method === 'eth_chainId' && typeof network.id === 'number') return Promise.resolve(`0x${network.id.toString(16)}`)
      if (!isFrameRpcMethodAllowed(method)) {
        emit({ type: 'auth/requestNotAllowed', method })
        return Promise.reject(new BaseError(RPC_NOT_ALLOWED_MESSAGE, { code: 4200 }))
      }
      const parsed = rpcRequestSchema.safeParse({ method, params: args.params, chainId: network.caipNetworkId })
      if (!parsed.success) return Promise.reject(new BaseError(INVALID_PARAMS_MESSAGE, { code: -32602, details: parsed.error.issues[0]?.message }))
      return new Promise((resolve, reject) => submit({ id: id(), request: parsed.data, resolve, reject }))
    },
    on: () => undefined,
    removeListener: () => undefined,
  }
}
