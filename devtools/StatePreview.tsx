import { useEffect, useMemo, useRef, useState } from 'react'
import type { AirlockState } from '../core/state.js'
import { AirlockProvider } from '../react/AirlockProvider.js'
import { ConnectButton } from '../react/components/ConnectButton.js'
import { NetworkButton } from '../react/components/NetworkButton.js'
import { useAccount } from '../react/hooks/useAccount.js'
import { useAirlockSelector } from '../react/hooks/useAirlockSelector.js'
import { useNetwork } from '../react/hooks/useNetwork.js'
import { ModalPortal, shadowMount } from '../react/modal/ModalPortal.js'
import { createReadOnlyAirlock } from './createReadOnlyAirlock.js'

// Only modules the page loads anyway, never one that only a barrel (react/index.ts) re-exports such as
// AirlockModal or useAirlockState: esbuild would move those into the page's initial chunk (see core/reduceAll.ts).

/** The state as the page shows it: the modal inline (never over the page), whatever the host chose. */
const asPreview = (state: AirlockState): AirlockState => ({ ...state, options: { ...state.options, enableEmbedded: true, disableAppend: true } })

/**
 * A logged state rendered by Airlock's own components, read-only: the buttons, what the hooks
 * say, and the modal inline when it was open. Nothing here can reach a wallet or a server.
 */
export function StatePreview({ state }: { state: AirlockState }) {
  const preview = useMemo(() => createReadOnlyAirlock(asPreview(state)), [])
  useEffect(() => preview.show(asPreview(state)), [preview, state])
  useEffect(() => () => preview.destroy(), [preview])
  // A picture of a state, not a page to use: inert, so the modal's own focus handling (it takes
  // focus when it opens) never pulls the keyboard away from the slider while scrubbing. Set as an
  // attribute, which React 18 and 19 both leave alone.
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => box.current?.setAttribute('inert', ''), [])
  return (
    <AirlockProvider airlock={preview}>
      <div ref={box} className="preview" data-testid="devtools-preview" aria-label="The state, as Airlock renders it (read-only)" role="group">
        <Summary />
        <div className="preview-buttons">
          <ConnectButton />
          <NetworkButton />
        </div>
        <InlineModal />
      </div>
    </AirlockProvider>
  )
}

function Summary() {
  const { status, address } = useAccount()
  const { caipNetwork } = useNetwork()
  const open = useAirlockSelector((state) => state.modal.open)
  return (
    <dl className="summary">
      <dt>Status</dt>
      <dd data-testid="devtools-status">{status}</dd>
      <dt>Network</dt>
      <dd data-testid="devtools-network">{`${caipNetwork.name} (${caipNetwork.caipNetworkId})`}</dd>
      <dt>Account</dt>
      <dd>{address ?? 'none'}</dd>
      <dt>Modal</dt>
      <dd>{open ? 'open' : 'closed'}</dd>
    </dl>
  )
}

/** The modal inline, as `<AirlockModal />` renders it with `enableEmbedded` (shown while the state has it open). */
function InlineModal() {
  const ref = useRef<HTMLDivElement>(null)
  const [mount, setMount] = useState<Element | null>(null)
  useEffect(() => {
    if (ref.current) setMount(shadowMount(ref.current))
  }, [])
  return (
    <div ref={ref} data-airlock="modal-host" style={{ display: 'block' }}>
      {mount ? <ModalPortal container={mount} embedded /> : null}
    </div>
  )
}
