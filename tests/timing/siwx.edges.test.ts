import type { SchedulerLike } from 'rxjs'
import { privateKeyToAccount } from 'viem/accounts'
import { describe } from 'vitest'
import { SIWX_CLOCK_TOLERANCE_MS, SIWX_MAX_AGE_MS, SIWX_SESSION_MS } from '../../core/constants/timing.js'
import { createDefaultSiwx } from '../../core/siwx/createDefaultSiwx.js'
import { createLocalSessionStore } from '../../core/siwx/createLocalSessionStore.js'
import { formatSiwxMessage } from '../../core/siwx/formatSiwxMessage.js'
import { createNonceLedger, type NonceConsumeResult } from '../../core/siwx/nonceLedger.js'
import { pickMessageData } from '../../core/siwx/siwxMessageSchema.js'
import { createSiwxVerifier } from '../../core/siwx/verifySiwx.js'
import { ANVIL_ACCOUNTS } from '../../examples/devnet/anvil.js'
import { timingEdge } from '../support/timingEdges.js'

/**
 * The sign-in (SIWX) durations at both edges. These are functions of a given `now` (a host back
 * end's clock, or the config's scheduler), not epics: each run is a fresh verifier, ledger or
 * config with its clock `ms` after the rule's start.
 */

const T0 = Date.parse('2026-03-01T12:00:00Z')
const signer = privateKeyToAccount(ANVIL_ACCOUNTS[0].privateKey)
const iso = (ms: number) => new Date(ms).toISOString()

/** A fresh default verifier's answer for a message issued at `issuedAt` (no Expiration Time of its own), checked at `now`. */
async function verdict(issuedAt: number, now: number): Promise<string> {
  const message = formatSiwxMessage({ domain: 'dapp.example', accountAddress: signer.address, chainId: 'eip155:1', uri: 'https://dapp.example/', version: '1', nonce: 'Abcdefgh12345678', issuedAt: iso(issuedAt) })
  const result = await createSiwxVerifier()({ message, signature: await signer.signMessage({ message }), domain: 'dapp.example', nonce: 'Abcdefgh12345678', chainId: 'eip155:1', now })
  return result.ok ? 'ok' : result.reason
}

describe('sign-in verification (our choice, not in SPEC 9)', () => {
  timingEdge('SIWX_MAX_AGE_MS: a message without an Expiration Time verifies 86 399 999 ms after its Issued At; at 86 400 000 ms (24 h) it has expired', {
    constant: SIWX_MAX_AGE_MS,
    spec: 24 * 60 * 60_000,
    run: (ms) => verdict(T0, T0 + ms),
    before: 'ok',
    at: 'expired',
  })

  // The tolerance is inclusive (refused only when Issued At > now + tolerance), so the edge is 1 ms past it.
  timingEdge('SIWX_CLOCK_TOLERANCE_MS + 1: a message issued 60 000 ms ahead of the verifier\'s clock verifies; 60 001 ms ahead it is refused as issued in the future', {
    constant: SIWX_CLOCK_TOLERANCE_MS + 1,
    spec: 60_000 + 1,
    run: (ms) => verdict(T0 + ms, T0),
    before: 'ok',
    at: 'issued_in_future',
  })

  timingEdge<NonceConsumeResult>('SIWX_MAX_AGE_MS + SIWX_CLOCK_TOLERANCE_MS: a full default nonce ledger still keeps a nonce with no expiry of its own 86 459 999 ms after it was used; at 86 460 000 ms it makes room', {
    constant: SIWX_MAX_AGE_MS + SIWX_CLOCK_TOLERANCE_MS,
    spec: 24 * 60 * 60_000 + 60_000,
    run: (ms) => {
      const ledger = createNonceLedger({ maxEntries: 1 })
      ledger.consume('Firstnonce1', { now: T0, expiresAt: Number.POSITIVE_INFINITY })
      return ledger.consume('Secondnonce2', { now: T0 + ms, expiresAt: Number.POSITIVE_INFINITY })
    },
    before: 'full',
    at: true,
  })
})

describe('createDefaultSiwx sessions (our choice, not in SPEC 9)', () => {
  timingEdge('SIWX_SESSION_MS (DEFAULT_SESSION_MS): a session signed in at 0 ms is still live at 86 399 999 ms; at 86 400 000 ms (24 h) it is gone', {
    constant: SIWX_SESSION_MS,
    spec: 24 * 60 * 60_000,
    run: async (ms) => {
      const clock = { t: T0, now: () => clock.t }
      const siwx = createDefaultSiwx({ storage: createLocalSessionStore({ localStorage: null }), scheduler: clock as unknown as SchedulerLike })
      const message = await siwx.createMessage({ accountAddress: signer.address, chainId: 'eip155:1', domain: 'dapp.example', uri: 'https://dapp.example/', issuedAt: iso(T0) })
      const text = message.toString()
      await siwx.addSession({ data: pickMessageData(message), message: text, signature: await signer.signMessage({ message: text }) })
      clock.t = T0 + ms
      return (await siwx.getSessions('eip155:1', signer.address)).length
    },
    before: 1,
    at: 0,
  })
})
