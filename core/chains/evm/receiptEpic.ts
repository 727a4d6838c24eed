import { catchError, defer, EMPTY, exhaustMap, filter, from, ignoreElements, merge, mergeMap, of, take, takeUntil, tap, timer, type Observable, type ObservableInput } from 'rxjs'
import type { Action, ActionOf } from '../../actions/types.js'
import { TRANSACTION_HASH } from '../../connectors/requestSucceeded.js'
import { RECEIPT_POLL_MS, RECEIPT_WAIT_MS } from '../../constants/timing.js'
import type { AirlockDeps } from '../../deps.js'
import { selectPortfolio } from '../../portfolio/selectPortfolio.js'
import { abortable } from '../../slices/balances/balanceEpic.js'
import { activeBalanceTarget, nativeBalanceTarget, type BalanceTarget } from '../../slices/balances/nativeBalanceTarget.js'
import type { AirlockState } from '../../state.js'
import { ofType } from '../../store/ofType.js'
import type { Epic } from '../../store/types.js'
import type { CaipAddress, Network } from '../types.js'

/** Whether a transaction is in a block; a Promise in production, any ObservableInput in tests. */
export type TransactionMinedGetter = (params: { network: Network; hash: string; signal: AbortSignal }) => ObservableInput<boolean>

// viem loads with the first look, as with balances.
const readMined: TransactionMinedGetter = (params) => import('./getTransactionMined.js').then((m) => m.getTransactionMined(params))

/**
 * After an EVM transaction is sent (through `getProvider()` or the Send view), the balances are read
 * at once (SPEC 4), but a node may give the hash before the block, and that read is then stale
 * until the 30 s cache ends. So the receipt is looked for every RECEIPT_POLL_MS, on the network the
 * account was on when it sent, for at most RECEIPT_WAIT_MS; once the transaction is in a block the
 * native balance and the tokens (if someone looked at them) are read again. A failed look counts as
 * "not yet"; an EVM disconnect stops the wait.
 * @example createStore({ …, epics: { receipt: receiptEpic() } })
 */
export const receiptEpic =
  (getMined: TransactionMinedGetter = readMined, pollMs = RECEIPT_POLL_MS, waitMs = RECEIPT_WAIT_MS): Epic<Action, AirlockState, AirlockDeps> =>
  (action$, state$, deps) =>
    defer(() => {
      /** The account shown now, on its network (what a send moves). */
      // Stryker disable next-line BooleanLiteral: only the target's key and source are read here, never its force (refreshed() always forces)
      const shown = (): BalanceTarget | null => activeBalanceTarget('eip155', state$.value, true)
      // The account and network each eth_sendTransaction was sent from: the wallet sends on that
      // chain, and the network may be switched while it asks the person (the Send view then even
      // resets). Only sends: a dapp that polls reads through getProvider() pays nothing per read.
      const sentFrom = new Map<string, BalanceTarget | null>()
      // The Send view's: it sends one at a time (the view offers no second; its reducer and sendEpic
      // would refuse one), so the last EVM request is the send on its way.
      let sending: BalanceTarget | null | undefined
      const remember$ = action$.pipe(
        ofType(
          'wallet/requestSent',
          // Stryker disable next-line StringLiteral: only frees memory: request ids are random (deps.id), so a failed request's id never succeeds later and its entry would never be read
          'wallet/requestFailed',
          'send/requested',
          'send/failed',
        ),
        tap((action) => {
          if (action.type === 'wallet/requestSent') {
            // Stryker disable next-line ConditionalExpression: `→ true` is equivalent: other methods' entries are never read (targetOf returns null for them first), so the check only saves work and memory (the `→ false` twin, skipped with it, is killed by the network-switch and refused-request tests, checked by hand)
            if (action.method === 'eth_sendTransaction') sentFrom.set(action.id, shown())
          } else if (action.type === 'wallet/requestFailed') sentFrom.delete(action.id)
          else if (action.type === 'send/failed') sending = undefined
          else if (action.transaction.namespace === 'eip155') {
            const { chain, from: sender } = action.summary
            sending = nativeBalanceTarget('eip155', { type: 'balance/fetchRequested', caipAddress: `${chain}:${sender}` as CaipAddress, force: true }, state$.value)
          }
        }),
        ignoreElements(),
      )

      /** Whose balances the transaction moved, or null when the action names no EVM transaction hash. */
      const targetOf = (action: ActionOf<'wallet/requestSucceeded' | 'send/succeeded'>): BalanceTarget | null => {
        let sent: BalanceTarget | null | undefined
        if (action.type === 'wallet/requestSucceeded') {
          sent = sentFrom.get(action.id)
          sentFrom.delete(action.id)
          if (action.method !== 'eth_sendTransaction') return null
        } else {
          sent = sending
          sending = undefined
        }
        // A Solana signature (`send/succeeded` of its Send) is base58, never 0x-hex; no hash reads 'undefined'.
        if (!TRANSACTION_HASH.test(String(action.hash))) return null
        // A transaction whose start this epic did not see: the account shown now.
        return sent !== undefined ? sent : shown()
      }

      const refreshed = (key: BalanceTarget['key']): Observable<Action> =>
        defer(() =>
          from<Action[]>([
            { type: 'balance/fetchRequested', caipAddress: key, force: true },
            // As after the send itself (tokensEpic): only a list someone looked at; nobody waits for the others.
            ...(selectPortfolio(state$.value).tokens[key] ? [{ type: 'portfolio/fetchRequested', resource: 'tokens', key, force: true } as const] : []),
          ]),
        )

      const awaited$ = action$.pipe(
        ofType('wallet/requestSucceeded', 'send/succeeded'),
        mergeMap((action) => {
          const target = targetOf(action)
          if (!target?.source) return EMPTY
          const hash = action.hash!
          const { network } = target.source
          // The first look after one pause: the read at send time already covers a hash given with its block.
          return timer(pollMs, pollMs, deps.scheduler).pipe(
            exhaustMap(() => abortable((signal) => getMined({ network, hash, signal })).pipe(catchError(() => of(false)))),
            filter((mined) => mined === true),
            take(1),
            takeUntil(timer(waitMs, deps.scheduler)),
            takeUntil(action$.pipe(ofType('connection/disconnected'), filter((disconnected) => disconnected.namespace === 'eip155'))),
            mergeMap(() => refreshed(target.key)),
          )
        }),
      )
      return merge(remember$, awaited$)
    })
