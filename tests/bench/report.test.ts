import { describe, expect, test } from 'vitest'
import { checkBudgets, pairedButtonOver, table, type BenchResults } from './report.js'
import type { SpeedResult, SpeedRun } from './speed.js'
import type { WalletConnectResult } from './walletConnect.js'

const run = (button: number | null): SpeedRun => ({ button, modal: 3, list: 3, blocked: 0, quietMs: 0, errors: [] })
const result = (app: 'airlock' | 'baseline', cold: (number | null)[], hover: (number | null)[]): SpeedResult => ({
  app,
  tool: 'vite',
  runs: { cold: cold.map(run), hover: hover.map(run) },
  median: { button: null, modal: 3, list: 3, hoverModal: 3, hoverList: 3 },
  blockedHosts: [],
})

describe('bench report: visible button over React alone', () => {
  test('default: the median of per-round differences, so drift that moves both loads of a round cancels out', () => {
    // Rounds 2 and 3 ran on a busy machine (+40 ms to both): the difference stays about 10 ms.
    const speed = [result('baseline', [100, 140, 140], [101, 141]), result('airlock', [110, 150, 151], [111, 150])]
    expect(pairedButtonOver(speed, 'vite')).toBe(10)
    const [budget] = checkBudgets(undefined, speed).filter((c) => c.name.startsWith('Visible button'))
    expect(budget).toMatchObject({ actual: '10.0 ms', pass: true })
  })

  test('behavior: a run without a button on either side is left out; nothing measured is null', () => {
    const speed = [result('baseline', [100, null, 100], []), result('airlock', [130, 120, null], [])]
    expect(pairedButtonOver(speed, 'vite')).toBe(30)
    expect(pairedButtonOver([speed[1]!], 'vite')).toBeNull()
    expect(pairedButtonOver(speed, 'esbuild')).toBeNull()
  })
})

describe('bench report: WalletConnect press → QR code', () => {
  const walletConnect = (tool: 'vite' | 'esbuild', median: number | null): WalletConnectResult => ({ tool, runs: [{ qr: median, errors: [] }], median, blockedHosts: [] })
  const apps: BenchResults['apps'] = [
    { id: 'baseline', label: 'React only' },
    { id: 'airlock', label: 'Airlock' },
  ]

  test('default: one timing budget per tool, against the median', () => {
    const budgets = checkBudgets(undefined, undefined, undefined, [walletConnect('vite', 412), walletConnect('esbuild', 1000.5)]).filter((c) => c.name.startsWith('WalletConnect'))
    expect(budgets).toEqual([
      { name: 'WalletConnect press → QR code (median), Vite 8', kind: 'timing', limit: '≤ 1000 ms', actual: '412 ms', pass: true },
      { name: 'WalletConnect press → QR code (median), esbuild', kind: 'timing', limit: '≤ 1000 ms', actual: '1000.5 ms', pass: false },
    ])
  })

  test('behavior: not measured without the part, or when no run showed the QR code', () => {
    expect(checkBudgets(undefined, [result('airlock', [1], [1])]).find((c) => c.name.startsWith('WalletConnect'))).toMatchObject({ actual: 'not measured', pass: null })
    expect(checkBudgets(undefined, undefined, undefined, [walletConnect('vite', null)]).find((c) => c.name.startsWith('WalletConnect'))).toMatchObject({ pass: null })
  })

  test('behavior: a row per tool, in the Airlock column only', () => {
    const { rows } = table({ date: '', setup: {}, apps, walletConnect: [walletConnect('vite', 412), walletConnect('esbuild', null)], budgets: [], notes: [] })
    expect(rows).toEqual([
      ['WalletConnect press → QR code, ms, Vite 8', '—', '412'],
      ['WalletConnect press → QR code, ms, esbuild', '—', 'n/a'],
    ])
  })
})

describe('bench report: sign-in verifications', () => {
  test('default: one row per chain and nonce store, in the Airlock column only', () => {
    const results: BenchResults = {
      date: '2026-11-28', setup: {}, apps: [{ id: 'baseline', label: 'React only' }, { id: 'airlock', label: 'Airlock' }], budgets: [], notes: [],
      siwx: [{ chain: 'EVM', store: 'memory', perSecond: 1234, count: 1000 }, { chain: 'Bitcoin', store: 'Redis', perSecond: 456, count: 1000 }],
    }
    expect(table(results).rows).toEqual([
      ['Sign-in verifications/s, EVM, memory nonce store', '—', '1,234'],
      ['Sign-in verifications/s, Bitcoin, Redis nonce store', '—', '456'],
    ])
  })
})
