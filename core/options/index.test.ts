import { expect, test } from 'vitest'
import * as entry from './index.js'

test('default: the public API of airlock-kit/options', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "CONNECT_METHODS",
      "DEFAULT_ALLOWED_ORIGINS",
      "DEFAULT_HOSTS",
      "DEFAULT_REMOTE_FEATURES",
      "SIWX_CONFLICT_MESSAGE",
      "SOCIAL_PROVIDERS",
      "WALLET_FEATURES",
      "isOriginAllowed",
      "matchOrigin",
      "optionsSchema",
      "resolveOptions",
    ]
  `)
})
