import { useContext, useEffect, useState } from 'react'
import { walletImageUrl } from '../../../core/registry/registryQuery.js'
import type { RegistryWallet } from '../../../core/registry/types.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { ListScrollingContext } from './VirtualList.js'
import { WalletIcon } from './WalletIcon.js'

/**
 * A registry wallet's image from `/getWalletImage/{image_id}` on the configured apiUrl (never a
 * URL from outside), loaded lazily by the browser and not while its list is scrolling; on error,
 * or when the preload already failed, the name's first letter instead.
 */
export function WalletImage({ wallet }: { wallet: RegistryWallet }) {
  const options = useAirlockSelector((s) => s.options)
  const broken = useAirlockSelector((s) => wallet.image_id !== null && s.registry.brokenImages.includes(wallet.image_id))
  const [failed, setFailed] = useState(false)
  // A row that appears mid-scroll waits for the list to settle; once asked, the image stays.
  const scrolling = useContext(ListScrollingContext)
  const [armed, setArmed] = useState(!scrolling)
  useEffect(() => {
    if (!scrolling) setArmed(true)
  }, [scrolling])
  if (!wallet.image_id || broken || failed || !armed) return <WalletIcon name={wallet.name} />
  return <img className="wallet-icon" src={walletImageUrl(options, wallet.image_id)} alt="" loading="lazy" decoding="async" width={40} height={40} onError={() => setFailed(true)} />
}
