import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Address } from 'viem'
import { z } from 'zod'
import { BodyTooLarge, readBody } from './httpServer.js'
import { isLoopbackOrigin } from './loopback.js'
import { networkLabel } from './onrampOrder.js'
import { checkoutPage, messagePage, receiptPage } from './onrampPage.js'
import type { OnrampSession, OnrampSessions } from './onrampSessions.js'
import { createTreasury, TreasuryError, type Treasury, type TreasuryChain, type TreasuryCluster } from './onrampTreasury.js'

/** A session id as `createOnrampSessions` makes them: 16 random bytes, base64url. */
const SESSION_ID = /^[A-Za-z0-9_-]{22}$/
const payRequest = z.object({ session: z.string().regex(SESSION_ID, 'Invalid session id') })
const MAX_BODY = 4 * 1024
const UNKNOWN = 'This checkout link is unknown or has expired (links last 30 minutes). Start the purchase again from the app.'

export interface OnrampPay {
  readonly treasury: Address
  /** `GET /dev/onramp/pay?session=…`: the checkout, the receipt once paid, or 404. */
  checkout(url: URL, res: ServerResponse): void
  /** `POST /dev/onramp/pay` (form or JSON `{ session }`): settles the session once, answering a page. */
  pay(req: IncomingMessage, res: ServerResponse): Promise<void>
}

export interface OnrampPayOptions {
  sessions: OnrampSessions
  /** The EVM chains the treasury pays ETH on. */
  chains: () => readonly TreasuryChain[]
  /** The Solana cluster it pays SOL on; null (or absent) while none runs. */
  solana?: () => TreasuryCluster | null
  treasury?: Treasury
}

/**
 * The dev provider's checkout: its page and its Pay, which has the treasury send the session's ETH or SOL.
 * @example const pay = createOnrampPay({ sessions, chains: () => devChains }); await pay.pay(req, res)
 */
export function createOnrampPay({ sessions, chains, solana = () => null, treasury = createTreasury() }: OnrampPayOptions): OnrampPay {
  // The settlement under way per session: a concurrent Pay waits for it, then says how it ended.
  const inflight = new Map<string, Promise<string>>()

  /** Sends the session's coin: an EVM transfer's hash is on record before it is broadcast; litesvm's airdrop lands at once. */
  const transfer = async (session: OnrampSession): Promise<string> => {
    const notRunning = () => new TreasuryError(`The network ${networkLabel(session)} is not running; nothing was sent.`)
    if (session.family === 'solana') {
      const cluster = solana()
      if (cluster?.caipNetworkId !== session.caipNetworkId) throw notRunning()
      return cluster.airdrop(session.destination, session.price.cryptoBaseUnits)
    }
    const chain = chains().find((c) => c.chainId === session.chainId)
    if (!chain) throw notRunning()
    return treasury.pay(chain, session.destination, session.price.cryptoBaseUnits, (txHash) => sessions.update(session.id, { txHash }))
  }

  const settle = async (session: OnrampSession): Promise<string> => {
    try {
      const txHash = await transfer(session)
      sessions.update(session.id, { status: 'paid', txHash })
      return txHash
    } catch (error) {
      // Only a transfer that surely never reached the chain may be tried again; any other is never resent.
      const nothingSent = error instanceof TreasuryError && error.hash === undefined
      sessions.update(session.id, nothingSent ? { status: 'open', txHash: undefined } : { status: 'failed' })
      throw error
    }
  }

  /** The page for a session someone else's Pay already took. */
  const answerTaken = (res: ServerResponse, session: OnrampSession): void => {
    if (session.status === 'paid') return receiptPage(res, 409, 'Already paid', session)
    if (session.status === 'failed') return messagePage(res, 409, 'Payment failed', `The transfer ${session.txHash ?? ''} was sent but not confirmed; it is not sent again.`, session)
    if (session.status === 'paying') return messagePage(res, 409, 'Payment in progress', 'This checkout is being paid; reload in a moment.', session)
    messagePage(res, 409, 'Payment not completed', 'The other payment of this checkout did not go through; nothing was sent. Press Pay again.', session)
  }

  return {
    treasury: treasury.address,
    checkout(url, res) {
      const id = url.searchParams.get('session') ?? ''
      const session = SESSION_ID.test(id) ? sessions.find(id) : undefined
      if (!session) return messagePage(res, 404, 'Checkout not found', UNKNOWN)
      if (session.status === 'open') return checkoutPage(res, session)
      if (session.status === 'paid') return receiptPage(res, 200, 'Already paid', session)
      answerTaken(res, session)
    },
    async pay(req, res) {
      // Only the checkout page itself pays: another site's form or script cannot (its Origin differs from this Host).
      const origin = req.headers.origin
      if (origin !== undefined && !(isLoopbackOrigin(origin) && new URL(origin).host === req.headers.host)) {
        return messagePage(res, 403, 'Payment refused', 'Pay from the Airlock Dev Pay checkout page.')
      }
      const id = await sessionIdOf(req, res)
      if (id === null) return
      const claim = sessions.claim(id)
      if (claim.kind === 'unknown') return messagePage(res, 404, 'Checkout not found', UNKNOWN)
      if (claim.kind === 'taken') {
        await inflight.get(id)?.catch(() => undefined)
        return answerTaken(res, sessions.find(id) ?? claim.session)
      }
      const run = settle(claim.session)
      inflight.set(id, run)
      try {
        receiptPage(res, 200, 'Payment complete', { ...claim.session, status: 'paid', txHash: await run })
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        messagePage(res, 502, 'Payment failed', message, claim.session)
      } finally {
        inflight.delete(id)
      }
    },
  }
}

/** The session id a Pay posts, as a form field or JSON; null once it answered 400 or 413. */
async function sessionIdOf(req: IncomingMessage, res: ServerResponse): Promise<string | null> {
  let fields: unknown
  try {
    const text = await readBody(req, MAX_BODY)
    fields = (req.headers['content-type'] ?? '').startsWith('application/json') ? JSON.parse(text) : Object.fromEntries(new URLSearchParams(text))
  } catch (error) {
    if (error instanceof BodyTooLarge) res.setHeader('connection', 'close')
    messagePage(res, error instanceof BodyTooLarge ? 413 : 400, 'Bad request', error instanceof BodyTooLarge ? error.message : 'Invalid JSON body')
    return null
  }
  const parsed = payRequest.safeParse(fields)
  if (parsed.success) return parsed.data.session
  messagePage(res, 400, 'Bad request', parsed.error.issues[0]!.message)
  return null
}
