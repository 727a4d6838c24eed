import { useState } from 'react'
import type { Network } from '../../../core/chains/types.js'
import { useAirlockSelector } from '../../hooks/useAirlockSelector.js'
import { apiImageUrl } from './apiImageUrl.js'
import { Mark } from './BrandMark.js'
import { networkMarkContent, networkMarkName } from './networkMarks.js'

/**
 * A network's image, decorative, in a `.badge`: with a project id and an `assets.imageId`, the
 * data service's `/public/getAssetImage/{id}` on the configured apiUrl (SPEC 7; never a URL from
 * outside); otherwise, or when that image fails, the bundled mark of its chain (a flask for other
 * test networks); last, the name's first letter.
 * @example <NetworkMark network={base} />
 */
export function NetworkMark({ network }: { network: Network }) {
  const options = useAirlockSelector((state) => state.options)
  const [failed, setFailed] = useState(false)
  const image = apiImageUrl(options, 'getAssetImage', network.assets?.imageId ?? '')
  const mark = networkMarkName(network)
  return (
    <span className="badge" aria-hidden="true" data-network-mark={network.caipNetworkId}>
      {image && !failed ? (
        <img className="mark" src={image} alt="" width={24} height={24} onError={() => setFailed(true)} />
      ) : mark ? (
        <Mark name={mark}>{networkMarkContent(mark)}</Mark>
      ) : (
        (Array.from(network.name)[0] ?? '?')
      )}
    </span>
  )
}
