import { expect, test } from 'vitest'
import * as react from './index.js'

test('default: the public API of airlock/react', () => {
  expect(Object.keys(react).sort()).toMatchInlineSnapshot(`
    [
      "AirlockProvider",
      "shallowEqual",
      "useAirlock",
      "useAirlockSelector",
      "useAirlockState",
    ]
  `)
})
