import { expect, test } from 'vitest'
import * as storage from './index.js'

test('default: the public API of airlock/storage', () => {
  expect(Object.keys(storage).sort()).toMatchInlineSnapshot(`
    [
      "CURRENT_STORAGE_VERSION",
      "STORAGE_KEYS",
      "STORAGE_VERSION_KEY",
      "createStorage",
      "persistenceEpic",
      "readCooldownStart",
      "selectPersisted",
    ]
  `)
})
