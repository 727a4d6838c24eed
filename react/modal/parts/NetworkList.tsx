import { useEffect, useRef } from 'react'
import type { Network } from '../../../core/chains/types.js'
import { useAirlockInstance } from '../../context.js'
import { shallowEqual, useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { NetworkMark } from '../marks/NetworkMark.js'
import { useT } from '../../i18n/useT.js'

/**
 * The app's networks: the active one marked with aria-current, a click asks to
 * switch (once: a pending switch is not asked again). After a switch lands,
 * `onSwitched` runs.
 */
export function NetworkList({ onSwitched }: { onSwitched?: () => void }) {
  const airlock = useAirlockInstance()
  const t = useT()
  const networks = useAirlockSelector((state) => state.options.networks)
  const { activeId, switchingTo, unsupported } = useAirlockSelector(
    (state) => ({
      activeId: state.connection.activeCaipNetworkId,
      switchingTo: state.connection.switchingTo,
      unsupported: state.connection.unsupportedCaipNetworkId !== null,
    }),
    shallowEqual,
  )
  const requested = useRef<string | null>(null)
  useEffect(() => {
    if (switchingTo !== null) requested.current = switchingTo
    else if (requested.current !== null) {
      const landed = requested.current === activeId
      requested.current = null
      if (landed) onSwitched?.()
    }
  }, [switchingTo, activeId, onSwitched])

  const select = (network: Network) => {
    const { connection } = airlock.getState()
    if (connection.switchingTo === network.caipNetworkId) return
    if (connection.activeCaipNetworkId === network.caipNetworkId && connection.unsupportedCaipNetworkId === null) return
    airlock.dispatch({ type: 'network/switchRequested', caipNetworkId: network.caipNetworkId })
  }

  return (
    <>
      <ul className="list" aria-label={t('connect.NetworkList.label')}>
        {networks.map((network) => {
          const active = !unsupported && network.caipNetworkId === activeId
          const pending = network.caipNetworkId === switchingTo
          return (
            <li key={network.caipNetworkId}>
              <button type="button" className="row" aria-current={active ? 'true' : undefined} aria-busy={pending || undefined} onClick={() => select(network)}>
                <NetworkMark network={network} />
                <span className="row-name">{network.name}</span>
                {pending ? (
                  <>
                    <span className="spinner" aria-hidden="true" />
                    <span className="tag">{t('connect.NetworkList.switching')}</span>
                  </>
                ) : active ? (
                  <span className="tag">{t('connect.NetworkList.active')}</span>
                ) : null}
              </button>
            </li>
          )
        })}
      </ul>
      {switchingTo ? (
        <p className="muted" role="status">
          {t('connect.NetworkList.approveSwitch')}
        </p>
      ) : null}
    </>
  )
}
