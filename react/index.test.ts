import { expect, test } from 'vitest'
import * as react from './index.js'

test('default: the public API of airlock/react', () => {
  expect(Object.keys(react).sort()).toMatchInlineSnapshot(`
    [
      "AccountButton",
      "AirlockModal",
      "AirlockProvider",
      "ConnectButton",
      "NetworkButton",
      "shallowEqual",
      "useAccount",
      "useAirlock",
      "useAirlockEvents",
      "useAirlockSelector",
      "useAirlockState",
      "useBalance",
      "useConnect",
      "useDisconnect",
      "useEmailLogin",
      "useNetwork",
      "useProvider",
      "useSiwx",
      "useSocialLogin",
      "useTheme",
      "useWalletConnectUri",
      "useWalletInfo",
      "useWalletList",
    ]
  `)
})
