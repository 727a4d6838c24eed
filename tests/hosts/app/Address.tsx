'use client'
import { useAccount } from 'airlock-kit/react'

/** The connected address, typed as viem expects it. */
export function Address() {
  const { address, status } = useAccount({ namespace: 'eip155' })
  const hex: `0x${string}` | undefined = address
  return (
    <p data-testid="address" data-status={status}>
      {hex ?? 'not connected'}
    </p>
  )
}
