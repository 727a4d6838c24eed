// Type-checked under every module resolution a host may use (bundler, node16, node10): the
// entries resolve, and the types say what a viem user expects.
import { createAirlock, mainnet, type Airlock, type Network } from 'airlock-kit'
import { parseCaipAddress } from 'airlock-kit/chains'
import type { useAccount } from 'airlock-kit/react'
import { verifySiwx } from 'airlock-kit/siwx'

export const networks: Network[] = [mainnet]
export const make = (): Airlock => createAirlock({ networks })
export type Address = ReturnType<typeof useAccount<'eip155'>>['address']
const hex: `0x${string}` | undefined = undefined as Address
export const checks = [hex, parseCaipAddress, verifySiwx] as const
