import { expect, test } from 'vitest'
import * as devtools from './index.js'

test('default: the public API of airlock-kit/devtools', () => {
  expect(Object.keys(devtools).sort()).toMatchInlineSnapshot(`
    [
      "AirlockDevtools",
      "DEFAULT_MAX_AGE",
      "DEVTOOLS_STORAGE_KEY",
      "MAX_CHANGES",
      "NOT_A_LOG",
      "READ_ONLY_PREVIEW",
      "SHARED_CHUNK",
      "connectDevtools",
      "createReadOnlyAirlock",
      "createTimeTravel",
      "createTimeline",
      "stateDiff",
    ]
  `)
})
