import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { AppMessage, FrameRequestName, FrameUser, SuccessPayload } from '../../../core/frame/index.js'
import { isFrameRpcMethodSafe } from '../../../core/frame/index.js'
import type { Approvals } from './approvals.js'
import { describeRpcRequest } from './describeRequest.js'
import { FARCASTER_CHANNEL, type FrameConfig } from './frameConfig.js'
import { assertOwnAccount, fund, handleRpc } from './frameRpc.js'
import type { KeyStore, StoredUser } from './keyStore.js'
import { assertOwnSolanaAccount, describeSolanaRequest, fundSolana, handleSolanaRpc, isSolanaMethod, newSolanaSeed, solanaKeypair } from './solanaSigner.js'

/** What the dev frame remembers between requests (in memory; keys and session live in IndexedDB). */
export interface FrameContext {
  readonly config: FrameConfig
  readonly store: KeyStore
  readonly origin: string
  /** The EVM chain the account is on (kept while on Solana, for EVM requests that name no chain). */
  chainId: number
  /** The Solana cluster (CAIP-2) when the account is on Solana now; null on EVM. */
  solanaChainId: string | null
  pendingEmail: { email: string; deviceApproved: boolean } | null
  pendingUpdate: { newEmail: string; primaryDone: boolean } | null
  /** OAuth `state` values this frame issued, by state, with their provider (single use). */
  readonly socialStates: Map<string, string>
  farcasterChannel: string | null
  /** The frame's own consent for anything that signs or sends. */
  readonly approvals: Approvals
  /** The embedding page's origin, as the browser reported it on its messages. */
  parentOrigin: string | null
  /** The dapp's name from SYNC_DAPP_DATA: shown next to the origin, as text, never trusted for anything. */
  dappName: string | null
}

type Handler<N extends FrameRequestName> = (ctx: FrameContext, message: AppMessage<N>) => Promise<SuccessPayload<N>>
type Handlers = { [N in FrameRequestName]: Handler<N> }

const random = (bytes = 16) => Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('')

async function mail(ctx: FrameContext, email: string, purpose: string, code?: string): Promise<boolean> {
  const path = `${ctx.config.gatewayUrl}/dev/mailbox/${encodeURIComponent(email)}${code === undefined ? '' : '/verify'}`
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ purpose, ...(code === undefined ? {} : { code }) }) })
  if (!response.ok) throw new Error(code === undefined ? 'Could not send the code' : 'Invalid code')
  return code === undefined ? true : ((await response.json()) as { valid?: boolean }).valid === true
}

/** The user for an identity, created (new EVM and Solana keys, funded on the devnet) on first sign-in. */
async function userFor(ctx: FrameContext, identity: string, extra: Partial<StoredUser>): Promise<StoredUser> {
  const existing = await ctx.store.getUser(identity)
  if (existing) return existing
  const user: StoredUser = { identity, privateKey: generatePrivateKey(), solanaSeed: newSolanaSeed(), ...extra }
  await ctx.store.putUser(user)
  await Promise.all([fund(ctx.config, privateKeyToAccount(user.privateKey).address), fundSolana(ctx.config.solanaChains, solanaKeypair(user.solanaSeed!).publicKey.toBase58())])
  return user
}

/** A user made before the frame kept Solana keys gets one (funded) the first time Solana is asked for. */
async function withSolanaKey(ctx: FrameContext, user: StoredUser): Promise<StoredUser & { solanaSeed: string }> {
  if (user.solanaSeed) return user as StoredUser & { solanaSeed: string }
  const updated = { ...user, solanaSeed: newSolanaSeed() }
  await ctx.store.putUser(updated)
  await fundSolana(ctx.config.solanaChains, solanaKeypair(updated.solanaSeed).publicKey.toBase58())
  return updated
}

/**
 * Moves the account to a chain: an EVM chain by number (or `eip155:N`), a Solana cluster by its
 * CAIP-2 id. False (nothing moved) for a chain this frame does not serve.
 */
function moveTo(ctx: FrameContext, chainId: number | string): boolean {
  const value = String(chainId)
  if (value.startsWith('solana:')) {
    if (!ctx.config.solanaChains.some((c) => c.caipNetworkId === value)) return false
    ctx.solanaChainId = value
    return true
  }
  const id = typeof chainId === 'number' ? chainId : Number(value.replace(/^eip155:/, ''))
  if (!ctx.config.chains.some((c) => c.chainId === id)) return false
  ctx.chainId = id
  ctx.solanaChainId = null
  return true
}

/** The chain the account is on, as the protocol names it (a number for EVM, CAIP-2 for Solana). */
const currentChainId = (ctx: FrameContext): number | string => ctx.solanaChainId ?? ctx.chainId

async function signIn(ctx: FrameContext, user: StoredUser, session: (token: string) => void): Promise<void> {
  const token = random(32)
  await ctx.store.putSession({ identity: user.identity, token })
  session(token)
}

async function currentUser(ctx: FrameContext): Promise<StoredUser> {
  const session = await ctx.store.getSession()
  const user = session && (await ctx.store.getUser(session.identity))
  if (!user) throw new Error('Not signed in')
  return user
}

/** The account on the current chain: the Solana key's address on Solana, the EVM key's elsewhere. */
async function addressOn(ctx: FrameContext, user: StoredUser): Promise<string> {
  return ctx.solanaChainId ? solanaKeypair((await withSolanaKey(ctx, user)).solanaSeed).publicKey.toBase58() : privateKeyToAccount(user.privateKey).address
}

async function userPayload(ctx: FrameContext, user: StoredUser): Promise<FrameUser> {
  const address = await addressOn(ctx, user)
  return {
    email: user.email ?? null,
    address,
    chainId: currentChainId(ctx),
    accounts: [{ address, type: 'eoa' }],
    userName: user.userName ?? null,
    preferredAccountType: 'eoa',
    smartAccountDeployed: false,
  }
}

/** The EVM chain a request runs on: the one it names when this frame serves it, else the account's. */
function evmChainFor(ctx: FrameContext, named: number | string | undefined) {
  const id = named === undefined ? NaN : Number(String(named).replace(/^eip155:/, ''))
  const chain = ctx.config.chains.find((c) => c.chainId === id) ?? ctx.config.chains.find((c) => c.chainId === ctx.chainId)
  if (!chain) throw new Error('Chain is not supported')
  return chain
}

/** The Solana cluster a request runs on: the one it names, else the account's, else the first served. */
function solanaChainFor(ctx: FrameContext, named: number | string | undefined) {
  const chains = ctx.config.solanaChains
  const chain = chains.find((c) => c.caipNetworkId === named) ?? chains.find((c) => c.caipNetworkId === ctx.solanaChainId) ?? chains[0]
  if (!chain) throw new Error('Solana is not available on the devnet')
  return chain
}

/**
 * Every request of SPEC 3, the dev way. Emails whose name starts with `newdevice` take the
 * device-verification path first (VERIFY_DEVICE, then CONNECT_DEVICE sends the code).
 */
export function createHandlers(onSession: (token: string) => void): Handlers {
  return {
    SWITCH_NETWORK: async (ctx, { payload }) => {
      if (!moveTo(ctx, payload.chainId)) throw new Error('Chain is not supported')
      return { chainId: currentChainId(ctx) }
    },
    CONNECT_EMAIL: async (ctx, { payload }) => {
      const email = payload.email.trim().toLowerCase()
      const known = await ctx.store.getUser(`email:${email}`)
      const needsDevice = !known && email.startsWith('newdevice')
      ctx.pendingEmail = { email, deviceApproved: !needsDevice }
      if (needsDevice) return { action: 'VERIFY_DEVICE' }
      await mail(ctx, email, 'login')
      return { action: 'VERIFY_OTP' }
    },
    CONNECT_DEVICE: async (ctx) => {
      if (!ctx.pendingEmail) throw new Error('No email login in progress')
      ctx.pendingEmail.deviceApproved = true
      await mail(ctx, ctx.pendingEmail.email, 'login')
      return undefined
    },
    CONNECT_OTP: async (ctx, { payload }) => {
      const pending = ctx.pendingEmail
      if (!pending?.deviceApproved) throw new Error('No email login in progress')
      if (!(await mail(ctx, pending.email, 'login', payload.otp))) throw new Error('Invalid code')
      ctx.pendingEmail = null
      await signIn(ctx, await userFor(ctx, `email:${pending.email}`, { email: pending.email }), onSession)
      return undefined
    },
    GET_SOCIAL_REDIRECT_URI: async (ctx, { payload }) => {
      const state = random()
      ctx.socialStates.set(state, payload.provider)
      return { uri: `${ctx.origin}/oauth?provider=${payload.provider}&state=${state}` }
    },
    CONNECT_SOCIAL: async (ctx, { payload }) => {
      const url = new URL(payload.uri)
      const provider = url.searchParams.get('provider') ?? ''
      const state = url.searchParams.get('state') ?? ''
      const name = url.searchParams.get('user') ?? ''
      if (url.origin !== ctx.origin || url.pathname !== '/oauth/callback' || ctx.socialStates.get(state) !== provider || !/^[\w.-]{1,32}$/.test(name)) {
        throw new Error('Invalid social login result')
      }
      ctx.socialStates.delete(state)
      if (payload.chainId !== undefined) moveTo(ctx, payload.chainId)
      const user = await userFor(ctx, `${provider}:${name}`, { userName: name })
      await signIn(ctx, user, onSession)
      return { ...(await userPayload(ctx, user)), userName: name }
    },
    GET_FARCASTER_URI: async (ctx) => {
      ctx.farcasterChannel = random()
      return { url: `${ctx.origin}/farcaster?channel=${ctx.farcasterChannel}` }
    },
    CONNECT_FARCASTER: (ctx) =>
      new Promise((resolve, reject) => {
        const expected = ctx.farcasterChannel
        if (!expected) return reject(new Error('Ask for a farcaster uri first'))
        const channel = new BroadcastChannel(FARCASTER_CHANNEL)
        channel.onmessage = (event: MessageEvent<{ channel?: unknown; userName?: unknown }>) => {
          const { channel: got, userName } = event.data ?? {}
          if (got !== expected || typeof userName !== 'string' || !/^[\w.-]{1,32}$/.test(userName)) return
          channel.close()
          ctx.farcasterChannel = null
          userFor(ctx, `farcaster:${userName}`, { userName })
            .then((user) => signIn(ctx, user, onSession))
            .then(() => resolve({ userName }), reject)
        }
      }),
    GET_USER: async (ctx, { payload }) => {
      if (payload?.chainId !== undefined) moveTo(ctx, payload.chainId)
      return userPayload(ctx, await currentUser(ctx))
    },
    SIGN_OUT: async (ctx) => {
      // Nothing asked before the sign-out may be approved after it.
      ctx.approvals.abort()
      await ctx.store.putSession(undefined)
      return undefined
    },
    IS_CONNECTED: async (ctx) => {
      const session = await ctx.store.getSession()
      return { isConnected: Boolean(session && (await ctx.store.getUser(session.identity))) }
    },
    GET_CHAIN_ID: async (ctx) => ({ chainId: currentChainId(ctx) }),
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: async () => ({ smartAccountEnabledNetworks: [] }),
    INIT_SMART_ACCOUNT: async () => {
      throw new Error('Smart accounts are not available on the devnet')
    },
    SET_PREFERRED_ACCOUNT: async (ctx) => ({ type: 'eoa', address: await addressOn(ctx, await currentUser(ctx)) }),
    RPC_REQUEST: async (ctx, { id, payload }) => {
      const user = await currentUser(ctx)
      if (isSolanaMethod(payload.method)) {
        // The Solana key answers Solana methods, whichever chain the account is on now.
        const keypair = solanaKeypair((await withSolanaKey(ctx, user)).solanaSeed)
        const chain = solanaChainFor(ctx, payload.chainId)
        assertOwnSolanaAccount(payload, keypair.publicKey)
        return ctx.approvals.ask({
          id: id ?? random(),
          origin: ctx.parentOrigin ?? 'an unknown page',
          dappName: ctx.dappName,
          summary: describeSolanaRequest(payload, chain, keypair.publicKey),
          work: () => handleSolanaRpc(payload as Parameters<typeof handleSolanaRpc>[0], keypair, chain),
        })
      }
      const { privateKey } = user
      const chain = evmChainFor(ctx, payload.chainId)
      if (isFrameRpcMethodSafe(payload.method)) return handleRpc(payload, privateKey, chain)
      assertOwnAccount(payload, privateKey)
      // Signing and sending wait for the person, in this frame: the page can ask, never answer.
      return ctx.approvals.ask({
        id: id ?? random(),
        origin: ctx.parentOrigin ?? 'an unknown page',
        dappName: ctx.dappName,
        summary: describeRpcRequest(payload, chain),
        work: () => handleRpc(payload, privateKey, chain),
      })
    },
    RPC_ABORT: async (ctx, { payload }) => {
      ctx.approvals.abort(payload?.id)
      return undefined
    },
    UPDATE_EMAIL: async (ctx, { payload }) => {
      const user = await currentUser(ctx)
      if (!user.email) throw new Error('This account has no email')
      ctx.pendingUpdate = { newEmail: payload.email.trim().toLowerCase(), primaryDone: false }
      await mail(ctx, user.email, 'updatePrimary')
      return { action: 'VERIFY_PRIMARY_OTP' }
    },
    UPDATE_EMAIL_PRIMARY_OTP: async (ctx, { payload }) => {
      const user = await currentUser(ctx)
      if (!ctx.pendingUpdate || !user.email) throw new Error('No email update in progress')
      if (!(await mail(ctx, user.email, 'updatePrimary', payload.otp))) throw new Error('Invalid code')
      ctx.pendingUpdate.primaryDone = true
      await mail(ctx, ctx.pendingUpdate.newEmail, 'updateSecondary')
      return undefined
    },
    UPDATE_EMAIL_SECONDARY_OTP: async (ctx, { payload }) => {
      const user = await currentUser(ctx)
      const update = ctx.pendingUpdate
      if (!update?.primaryDone) throw new Error('No email update in progress')
      if (!(await mail(ctx, update.newEmail, 'updateSecondary', payload.otp))) throw new Error('Invalid code')
      const moved: StoredUser = { ...user, identity: `email:${update.newEmail}`, email: update.newEmail }
      await ctx.store.putUser(moved)
      await ctx.store.deleteUser(user.identity)
      await signIn(ctx, moved, onSession)
      ctx.pendingUpdate = null
      return { newEmail: update.newEmail }
    },
    SYNC_THEME: async (_ctx, { payload }) => {
      document.documentElement.dataset.theme = payload.themeMode ?? 'light'
      return undefined
    },
    SYNC_DAPP_DATA: async (ctx, { payload }) => {
      ctx.dappName = payload.metadata?.name.trim().slice(0, 64) || null
      return undefined
    },
    RELOAD: async () => {
      setTimeout(() => location.reload(), 0)
      return undefined
    },
  }
}
