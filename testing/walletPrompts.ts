import { rpcError, USER_REJECTED, type RpcErrorData } from './testWalletError.js'

/** Calls of one wallet method held like a prompt shown to the person, answered by the test. */
export interface WalletPrompts {
  /** The params of every call that was shown, in order (answered ones included). */
  readonly shown: readonly unknown[]
  /** The params of the prompt showing now, if any. */
  readonly showing: unknown
  /** The person approves the prompt showing now: the wallet then does what was asked. */
  approve(): void
  /** The person declines it: the call fails with 4001. */
  reject(): void
  /** Stops holding: a prompt showing now is approved, later calls go through at once. */
  release(): void
}

/** What a held call learns once the person answered: go on, or fail with this error. */
type Answer = { readonly error?: RpcErrorData }

/**
 * One prompt at a time, as MetaMask does for `wallet_switchEthereumChain`: while one shows, the
 * same request again fails with -32002 "already pending" (a prompt cannot be withdrawn either).
 * @example const prompts = createWalletPrompts('wallet_switchEthereumChain'); const answer = await prompts.hold(params)
 */
export function createWalletPrompts(method: string): WalletPrompts & { hold(params: unknown): Promise<Answer>; readonly active: boolean } {
  const shown: unknown[] = []
  let active = true
  let current: { params: unknown; answer: (answer: Answer) => void } | null = null
  const answer = (value: Answer): void => {
    const prompt = current
    if (!prompt) throw new Error(`no ${method} prompt is showing`)
    current = null
    prompt.answer(value)
  }
  return {
    shown,
    get showing() {
      return current?.params
    },
    get active() {
      return active
    },
    hold(params) {
      if (!active) return Promise.resolve({})
      if (current) return Promise.resolve({ error: rpcError(-32002, `Request of type '${method}' already pending for origin. Please wait.`) })
      shown.push(params)
      return new Promise<Answer>((resolve) => (current = { params, answer: resolve }))
    },
    approve: () => answer({}),
    reject: () => answer({ error: USER_REJECTED }),
    release() {
      active = false
      if (current) answer({})
    },
  }
}
