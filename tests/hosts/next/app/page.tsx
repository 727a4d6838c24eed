// A server component: the buttons are the package's client components, rendered from here (the RainbowKit pattern).
import { ConnectButton, NetworkButton } from 'airlock-kit/react'
import { Address } from '../src/Address'

export default function Page() {
  return (
    <>
      <main style={{ display: 'flex', gap: 8 }}>
        <NetworkButton />
        <ConnectButton />
      </main>
      <Address />
    </>
  )
}
