import { useState } from 'react'
import { AirlockProvider, ConnectButton, NetworkButton } from 'airlock-kit/react'
import { Address } from './Address'
import { makeAirlock } from './airlock'

export function App() {
  const [airlock] = useState(makeAirlock)
  return (
    <AirlockProvider airlock={airlock}>
      <main style={{ display: 'flex', gap: 8 }}>
        <NetworkButton />
        <ConnectButton />
      </main>
      <Address />
    </AirlockProvider>
  )
}
