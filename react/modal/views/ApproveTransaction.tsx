import { useRef } from 'react'
import type { MessageKey } from '../../../core/i18n/en.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { Spinner } from '../parts/Spinner.js'
import { useFrameOverSlot } from '../parts/useFrameOverSlot.js'
import { useT } from '../../i18n/useT.js'
export { SHARED_CHUNK } from '../../sharedChunk.js'

/** What each unsafe method asks for, in words (its message). */
const ASKS: Record<string, MessageKey> = {
  personal_sign: 'trade.ApproveTransaction.signMessage',
  eth_signTypedData_v4: 'trade.ApproveTransaction.signTypedData',
  eth_sendTransaction: 'trade.ApproveTransaction.sendTransaction',
  wallet_sendCalls: 'trade.ApproveTransaction.sendCalls',
  wallet_grantPermissions: 'trade.ApproveTransaction.grantPermissions',
  wallet_revokePermissions: 'trade.ApproveTransaction.revokePermissions',
  solana_signMessage: 'trade.ApproveTransaction.signMessage',
  solana_signTransaction: 'trade.ApproveTransaction.signTransaction',
  solana_signAllTransactions: 'trade.ApproveTransaction.signTransactions',
  solana_signAndSendTransaction: 'trade.ApproveTransaction.signAndSendTransaction',
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
  const t = useT()
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
            {t('trade.ApproveTransaction.notAllowed')}
          </p>
        ) : (
          <Spinner label={t('trade.ApproveTransaction.waitingForRequest')} size="lg" />
        )}
        <button type="button" className="button" data-variant="secondary" onClick={() => airlock.close()}>
          {t('common.close')}
        </button>
      </div>
    )
  }
  return (
    // The secure frame is drawn over this slot; what is here shows only until it appears.
    <div ref={slot} className="center approve-slot" data-airlock="approve" data-method={approval.method} aria-busy="true">
      <Spinner label={t('trade.ApproveTransaction.openingWallet')} size="lg" />
      <p className="lead">{t((Object.hasOwn(ASKS, approval.method) && ASKS[approval.method]) || 'trade.ApproveTransaction.approveRequest')}</p>
      <p className="muted">
        {t('trade.ApproveTransaction.reviewInWindow')}
        {waiting > 1 ? ` ${t('trade.ApproveTransaction.moreWaiting', { count: waiting - 1 })}` : ''}
      </p>
    </div>
  )
}
