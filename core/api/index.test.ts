import { expect, test } from 'vitest'
import * as api from './index.js'

test('default: the public API of airlock/api', () => {
  expect(Object.keys(api).sort()).toMatchInlineSnapshot(`
    [
      "ALERTS",
      "HttpAbortError",
      "HttpError",
      "HttpNetworkError",
      "HttpTimeoutError",
      "ResponseParseError",
      "ResponseSchemaError",
      "alertFor",
      "alertForServerMessage",
      "buildUrl",
      "createHttpClient",
      "fromAbortable",
      "isTransientError",
      "retryTransient",
    ]
  `)
})
