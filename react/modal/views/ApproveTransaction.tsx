import { useRef } from 'react'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { Spinner } from '../parts/Spinner.js'
import { useFrameOverSlot } from '../parts/useFrameOverSlot.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** What each unsafe method asks for, in words. */
const ASKS: Record<string, string> = {
  personal_sign: 'Sign a message',
  eth_signTypedData_v4: 'Sign typed data',
  eth_sendTransaction: 'Send a transaction',
  wallet_sendCalls: 'Send calls',
  wallet_grantPermissions: 'Grant permissions',
  wallet_revokePermissions: 'Revoke permissions',
  solana_signMessage: 'Sign a message',
  solana_signTransaction: 'Sign a transaction',
  solana_signAllTransactions: 'Sign transactions',
  solana_signAndSendTransaction: 'Sign and send a transaction',
}

/**
 * ApproveTransaction (SPEC 2, 4): an unsafe request of the embedded wallet waits for the person's
 * answer inside the secure frame. This view only holds the frame's place: it reveals the frame
 * over its slot and waits; Approve and Reject are the frame's own buttons, on the secure site's
 * origin, so no script on this page can answer for the person. Closing the modal aborts. After
 * the answer the epic pops this view or closes the modal. A disallowed method shows SPEC 8
 * 'Action not allowed' instead.
 */
export function ApproveTransaction() {
  const airlock = useAirlockInstance()
  const { approval, notAllowed, waiting, frameReady } = useAirlockSelector(
    (s) => ({ approval: s.auth.approvals[0] ?? null, notAllowed: s.auth.notAllowed, waiting: s.auth.approvals.length, frameReady: s.frame.status === 'ready' }),
    shallowEqual,
  )
  const slot = useRef<HTMLDivElement>(null)
  // Only a ready frame is shown: one that is (re)loading has no request to show, maybe an error page.
  useFrameOverSlot(slot, approval !== null && !notAllowed && frameReady)

  if (notAllowed || !approval) {
    return (
      <div className="center" data-airlock="approve">
        {notAllowed ? (
          <p className="error" role="alert">
            Action not allowed
          </p>
        ) : (
          <Spinner label="Waiting for a request" size="lg" />
        )}
        <button type="button" className="button" data-variant="secondary" onClick={() => airlock.close()}>
          Close
        </button>
      </div>
    )
  }
  return (
    // The secure frame is drawn over this slot; what is here shows only until it appears.
    <div ref={slot} className="center approve-slot" data-airlock="approve" data-method={approval.method} aria-busy="true">
      <Spinner label="Opening the secure wallet" size="lg" />
      <p className="lead">{ASKS[approval.method] ?? 'Approve a request'}</p>
      <p className="muted">
        Review and answer in the secure wallet window.
        {waiting > 1 ? ` ${waiting - 1} more waiting.` : ''}
      </p>
    </div>
  )
}
