import { expect, test } from 'vitest'
import * as siwx from './index.js'

test('default: the public API of airlock/siwx', () => {
  expect(Object.keys(siwx).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_SESSION_MS",
      "INVALID_MESSAGE",
      "LINE_BREAK",
      "MAX_SIWX_MESSAGE_LENGTH",
      "NONCE_LENGTH",
      "ONE_CLICK_METHODS",
      "SIWE_EVM_ONLY_MESSAGE",
      "SIWX_BLOCKCHAIN_NAMES",
      "SIWX_CSRF_HEADER",
      "SIWX_ERRORS",
      "SIWX_NAMESPACES",
      "SIWX_SESSIONS_KEY",
      "authenticateWithUniversalProvider",
      "createDefaultSiwx",
      "createLocalSessionStore",
      "createNonce",
      "createNonceLedger",
      "createServerSiwx",
      "createSiwxMessage",
      "createSiwxTemplate",
      "createSiwxVerifier",
      "formatSiwxMessage",
      "fromSiweConfig",
      "isSiwxDomain",
      "parseSiwxMessage",
      "siwxMessageDataSchema",
      "verifySiwx",
    ]
  `)
})
