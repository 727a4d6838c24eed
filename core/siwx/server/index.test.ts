import { expect, test } from 'vitest'
import * as server from './index.js'

test('default: the public API of airlock-kit/siwx/server', () => {
  expect(Object.keys(server).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_REDIS_PREFIX",
      "MAX_SESSION_ACCOUNTS",
      "NONCE_STORE_FULL",
      "NONCE_TTL_MS",
      "REDIS_UNAVAILABLE",
      "createMemoryNonceStore",
      "createMemorySessionStore",
      "createRedisNonceStore",
      "createRedisSessionStore",
      "createSiwxVerifier",
    ]
  `)
})
