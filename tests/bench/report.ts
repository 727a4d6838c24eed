import type { BenchApp } from './apps.js'
import { BUDGETS } from './budgets.js'
import { KB, kb, type BundleReport } from './bundle.js'
import type { CoreResult } from './core.js'
import type { SpeedResult } from './speed.js'

export interface AppSize {
  readonly id: BenchApp['id']
  readonly report: BundleReport
}

export interface BudgetCheck {
  readonly name: string
  readonly kind: 'bytes' | 'timing' | 'core'
  readonly limit: string
  readonly actual: string
  /** null: not measured in this run. */
  readonly pass: boolean | null
}

export interface BenchResults {
  readonly date: string
  readonly setup: Record<string, unknown>
  readonly apps: readonly { id: BenchApp['id']; label: string; versions?: Record<string, string>; note?: string }[]
  readonly size?: readonly AppSize[]
  readonly speed?: readonly SpeedResult[]
  readonly core?: CoreResult
  readonly budgets: readonly BudgetCheck[]
  readonly notes: readonly string[]
}

type Cell = string

/** Every budget of issue #7 against what this run measured. */
export function checkBudgets(size?: readonly AppSize[], speed?: readonly SpeedResult[], core?: CoreResult): BudgetCheck[] {
  const bytes = (id: BenchApp['id']) => size?.find((s) => s.id === id)?.report
  const base = bytes('baseline')
  const ours = bytes('airlock')
  const over = (field: 'initialGzip' | 'totalGzip') => (base && ours ? (ours[field] - base[field]) / KB : null)
  const initial = over('initialGzip')
  const total = over('totalGzip')
  const t = (id: BenchApp['id']) => speed?.find((s) => s.app === id)?.median
  const modal = t('airlock')?.modal ?? null
  const button = t('airlock')?.button ?? null
  const baseButton = t('baseline')?.button ?? null
  const buttonOver = button !== null && baseButton !== null ? button - baseButton : null
  const check = (name: string, kind: BudgetCheck['kind'], limit: string, value: number | null, ok: (v: number) => boolean, shown: (v: number) => string): BudgetCheck => ({
    name,
    kind,
    limit,
    actual: value === null ? 'not measured' : shown(value),
    pass: value === null ? null : ok(value),
  })
  return [
    check('Initial JS over baseline', 'bytes', `≤ ${BUDGETS.initialKb} KB`, initial, (v) => v <= BUDGETS.initialKb, (v) => `${v.toFixed(1)} KB`),
    check('All chunks over baseline', 'bytes', `≤ ${BUDGETS.totalKb} KB`, total, (v) => v <= BUDGETS.totalKb, (v) => `${v.toFixed(1)} KB`),
    check('Click → visible modal (median)', 'timing', `≤ ${BUDGETS.clickToModalMs} ms`, modal, (v) => v <= BUDGETS.clickToModalMs, (v) => `${v} ms`),
    check('Visible button − baseline (median)', 'timing', `≤ ${BUDGETS.buttonOverBaselineMs} ms`, buttonOver, (v) => v <= BUDGETS.buttonOverBaselineMs, (v) => `${v.toFixed(1)} ms`),
    check('replay of 100,000 entries', 'core', `≤ ${BUDGETS.replayMs} ms`, core?.replayMs ?? null, (v) => v <= BUDGETS.replayMs, (v) => `${v} ms`),
    check('Store throughput', 'core', `≥ ${BUDGETS.actionsPerSecond.toLocaleString('en-US')}/s`, core?.actionsPerSecond ?? null, (v) => v >= BUDGETS.actionsPerSecond, (v) => `${v.toLocaleString('en-US')}/s`),
    check('Heap growth, 2nd 100,000 actions', 'core', `≤ ${BUDGETS.heapSecondRunKb} KB`, core ? core.heapGrowth.second / KB : null, (v) => v <= BUDGETS.heapSecondRunKb, (v) => `${v.toFixed(0)} KB`),
  ]
}

/** The one table: apps as columns, measures as rows (deltas over the React-only baseline). */
export function table(results: BenchResults): { header: Cell[]; rows: Cell[][] } {
  const ids = results.apps.map((a) => a.id)
  const header = ['', ...results.apps.map((a) => a.label)]
  const rows: Cell[][] = []
  const size = (id: BenchApp['id']) => results.size?.find((s) => s.id === id)?.report
  const base = size('baseline')
  const ours = size('airlock')
  if (results.size && base) {
    const sizeRow = (label: string, field: 'initialGzip' | 'totalGzip') =>
      rows.push([label, ...ids.map((id) => (id === 'baseline' ? `${kb(base[field])} (baseline)` : size(id) ? `+${kb(size(id)![field] - base[field])}` : '—'))])
    sizeRow('Initial JS, KB min+gzip', 'initialGzip')
    sizeRow('All chunks, KB min+gzip', 'totalGzip')
    const ratioRow = (label: string, field: 'initialGzip' | 'totalGzip') =>
      rows.push([
        label,
        ...ids.map((id) => {
          const peer = size(id)
          if (id === 'baseline' || id === 'airlock' || !peer || !ours) return '—'
          const ratio = (ours[field] - base[field]) / (peer[field] - base[field])
          return `${ratio.toFixed(3)} (${(1 / ratio).toFixed(0)}× smaller)`
        }),
      ])
    ratioRow('Airlock ÷ peer, initial', 'initialGzip')
    ratioRow('Airlock ÷ peer, all chunks', 'totalGzip')
    rows.push(['JS files, initial / all', ...ids.map((id) => (size(id) ? `${size(id)!.chunks.filter((c) => c.initial).length} / ${size(id)!.chunks.length}` : '—'))])
  }
  if (results.speed) {
    const speedRow = (label: string, pick: (m: SpeedResult['median']) => number | null) =>
      rows.push([label, ...ids.map((id) => {
        const m = results.speed!.find((s) => s.app === id)?.median
        const v = m ? pick(m) : null
        return v === null ? (m ? 'n/a' : '—') : `${v}`
      })])
    speedRow('Navigation → visible button, ms', (m) => m.button)
    speedRow('Click → visible modal, ms', (m) => m.modal)
    speedRow('Click → wallet list, ms', (m) => m.list)
    speedRow('Hover, then click → modal, ms', (m) => m.hoverModal)
    speedRow('Hover, then click → wallet list, ms', (m) => m.hoverList)
  }
  if (results.core) {
    const coreRow = (label: string, value: string) => rows.push([label, ...ids.map((id) => (id === 'airlock' ? value : '—'))])
    coreRow('Store throughput, actions/s', results.core.actionsPerSecond.toLocaleString('en-US'))
    // Older result files have no scaling row.
    for (const { epics, actionsPerSecond } of results.core.epicScaling ?? []) coreRow(`  with ${epics} more epics, actions/s`, actionsPerSecond.toLocaleString('en-US'))
    coreRow(`replay of ${results.core.replayEntries.toLocaleString('en-US')} entries, ms`, `${results.core.replayMs}`)
    const signed = (bytes: number) => `${bytes < 0 ? '−' : '+'}${Math.abs(bytes / KB).toFixed(0)} KB`
    coreRow('Heap growth, 100k then 100k more actions', `${signed(results.core.heapGrowth.first)}, ${signed(results.core.heapGrowth.second)}`)
  }
  return { header, rows }
}

/** Fixed-width text for the terminal. */
export function textTable({ header, rows }: { header: Cell[]; rows: Cell[][] }): string {
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => [...(row[i] ?? '')].length)))
  const line = (row: Cell[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)].join('\n')
}

function markdownTable({ header, rows }: { header: Cell[]; rows: Cell[][] }): string {
  const line = (row: Cell[]) => `| ${row.join(' | ')} |`
  return [line(header), `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`, ...rows.map(line)].join('\n')
}

export function budgetLines(budgets: readonly BudgetCheck[]): string[] {
  const mark = (pass: boolean | null) => (pass === null ? '·' : pass ? '✓' : '✗')
  return budgets.map((b) => `${mark(b.pass)} ${b.name}: ${b.actual} (budget ${b.limit}, ${b.kind === 'timing' ? 'checked by --check' : b.kind === 'bytes' ? 'checked in npm test' : 'checked by --check'})`)
}

/** The results file: the table, the budgets, how it was measured. */
export function markdown(results: BenchResults): string {
  const setup = Object.entries(results.setup).map(([key, value]) => `- ${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
  const versions = results.apps
    .filter((a) => a.versions)
    .map((a) => `- ${a.label}: ${Object.entries(a.versions!).map(([n, v]) => `${n}@${v}`).join(', ')}${a.note ? ` (${a.note})` : ''}`)
  return [
    `# Airlock vs AppKit, RainbowKit and ConnectKit`,
    '',
    `Measured ${results.date} by \`npm run bench\` (tests/bench/). Sizes and times are over or next to a React-only baseline built the same way; speed values are medians.`,
    '',
    markdownTable(table(results)),
    '',
    '## Budgets (Airlock)',
    '',
    ...budgetLines(results.budgets).map((line) => `- ${line}`),
    '',
    '## Setup',
    '',
    ...setup,
    '',
    '## Installed versions',
    '',
    ...versions,
    '',
    ...(results.notes.length > 0 ? ['## Notes', '', ...results.notes.map((n) => `- ${n}`), ''] : []),
  ].join('\n')
}

/** The results as written to bench.json: per app the totals and its ten biggest files, not every chunk. */
export function compactJson(results: BenchResults): unknown {
  return {
    ...results,
    size: results.size?.map(({ id, report }) => ({
      id,
      initialGzip: report.initialGzip,
      totalGzip: report.totalGzip,
      initialBytes: report.initialBytes,
      totalBytes: report.totalBytes,
      cssGzip: report.cssGzip,
      files: { initial: report.chunks.filter((c) => c.initial).length, all: report.chunks.length },
      biggest: report.chunks.slice(0, 10).map((c) => ({ ...c, topModules: c.topModules.slice(0, 5) })),
    })),
  }
}
