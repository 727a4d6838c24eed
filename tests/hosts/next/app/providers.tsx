'use client'
import { useState, type ReactNode } from 'react'
import { AirlockProvider } from 'airlock-kit/react'
import { makeAirlock } from '../src/airlock'

export function Providers({ children }: { children: ReactNode }) {
  const [airlock] = useState(makeAirlock)
  return <AirlockProvider airlock={airlock}>{children}</AirlockProvider>
}
