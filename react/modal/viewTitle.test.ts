import { describe, expect, test } from 'vitest'
import { initialState, reduce } from '../../tests/support/state.js'
import { selectViewTitle } from './viewTitle.js'
import { translator } from '../i18n/useT.js'

const t = translator(undefined)

const open = (data?: Record<string, unknown>) =>
  reduce(initialState(), { type: 'modal/openRequested' }, { type: 'router/pushRequested', view: 'ConnectingWalletConnect', ...(data ? { data } : {}) })

describe('selectViewTitle', () => {
  test('default: the WalletConnect view without a chosen wallet is titled WalletConnect', () => {
    expect(selectViewTitle(open(), t)).toBe('WalletConnect')
  })

  test('behavior: a chosen registry wallet titles the view with its name, shortened when long', () => {
    expect(selectViewTitle(open({ wallet: { id: 'x', name: 'Rainbow' } }), t)).toBe('Rainbow')
    expect(selectViewTitle(open({ wallet: { id: 'x', name: 'W'.repeat(60) } }), t)).toBe(`${'W'.repeat(39)}…`)
  })

  test('edge: a malformed wallet in router data falls back to WalletConnect', () => {
    for (const wallet of [null, 'Rainbow', { name: 3 }, { name: '  ' }]) expect(selectViewTitle(open({ wallet }), t)).toBe('WalletConnect')
  })
})
