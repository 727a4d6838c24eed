import { useState, type ReactNode } from 'react'
import type { Airlock } from '../core/createAirlock.js'
import { AirlockContext, PlacedModalContext } from './context.js'
import { useAirlockSelector } from './hooks/useAirlockSelector.js'
import { BodyHost } from './modal/BodyHost.js'

export interface AirlockProviderProps {
  airlock: Airlock
  children?: ReactNode
}

/**
 * Makes one Airlock instance available to the hooks and components below, and
 * (after mount, unless `disableAppend`, `enableEmbedded` or an `<AirlockModal embedded={…} />`)
 * appends the modal host to `document.body`. The instance is created outside React (once), so
 * StrictMode's double mount never starts anything twice.
 * @example <AirlockProvider airlock={airlock}><ConnectButton /></AirlockProvider>
 */
export function AirlockProvider({ airlock, children }: AirlockProviderProps) {
  // React state, not an action: where the host put the modal is the page's layout, not a session event.
  const [placed, setPlaced] = useState(0)
  return (
    <AirlockContext.Provider value={airlock}>
      <PlacedModalContext.Provider value={setPlaced}>
        {children}
        {placed ? null : <AppendedModal />}
      </PlacedModalContext.Provider>
    </AirlockContext.Provider>
  )
}

function AppendedModal() {
  const append = useAirlockSelector((state) => !state.options.disableAppend && !state.options.enableEmbedded)
  return append ? <BodyHost /> : null
}
