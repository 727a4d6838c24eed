import { TOOL_LABELS, TOOLS, type BenchApp, type BenchTool } from './apps.js'
import { BUDGETS } from './budgets.js'
import { KB, kb, type BundleReport } from './bundle.js'
import type { CoreResult } from './core.js'
import type { SiwxBenchRow } from './siwxVerify.js'
import { median, type SpeedResult } from './speed.js'
import type { WalletConnectResult } from './walletConnect.js'

export interface AppSize {
  readonly id: BenchApp['id']
  /** The bundler this build came from. */
  readonly tool: BenchTool
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
  readonly walletConnect?: readonly WalletConnectResult[]
  /** Sign-in verifications per second on the server (older result files have none). */
  readonly siwx?: readonly SiwxBenchRow[]
  readonly budgets: readonly BudgetCheck[]
  readonly notes: readonly string[]
}

type Cell = string

/** The tools this run built with, in TOOLS order. */
function toolsOf(size?: readonly AppSize[], speed?: readonly SpeedResult[], walletConnect?: readonly WalletConnectResult[]): BenchTool[] {
  const seen = new Set<BenchTool>([...(size ?? []).map((s) => s.tool), ...(speed ?? []).map((s) => s.tool), ...(walletConnect ?? []).map((w) => w.tool)])
  return TOOLS.filter((tool) => seen.has(tool))
}

/**
 * Every budget of issues 7 and 12 against what this run measured: the byte and the speed budgets
 * once per bundler (each build's numbers against the React-only baseline built by the same tool),
 * the core budgets once.
 */
/**
 * Airlock's visible button over React alone for one tool: the median of the per-round differences
 * (each Airlock load minus the React-only load of the same round, variant and pass, run back to back).
 * Pairing takes out the machine's drift between rounds, which on a 2-core VM moved both medians by
 * 10-15 ms from one run to the next; the difference of the two medians is shown beside it.
 * @example pairedButtonOver(results.speed, 'vite') // 9.4
 */
export function pairedButtonOver(speed: readonly SpeedResult[] | undefined, tool: BenchTool): number | null {
  const runs = (id: BenchApp['id']) => {
    const result = speed?.find((s) => s.app === id && s.tool === tool)
    return result ? [...result.runs.cold, ...result.runs.hover] : null
  }
  const ours = runs('airlock')
  const base = runs('baseline')
  if (!ours || !base) return null
  const diffs = ours.flatMap((run, i) => (run.button !== null && base[i]?.button != null ? [run.button - base[i]!.button!] : []))
  const value = median(diffs)
  return value === null ? null : Math.round(value * 10) / 10
}

export function checkBudgets(size?: readonly AppSize[], speed?: readonly SpeedResult[], core?: CoreResult, walletConnect?: readonly WalletConnectResult[]): BudgetCheck[] {
  const check = (name: string, kind: BudgetCheck['kind'], limit: string, value: number | null, ok: (v: number) => boolean, shown: (v: number) => string): BudgetCheck => ({
    name,
    kind,
    limit,
    actual: value === null ? 'not measured' : shown(value),
    pass: value === null ? null : ok(value),
  })
  const perTool = toolsOf(size, speed, walletConnect).flatMap((tool) => {
    const bytes = (id: BenchApp['id']) => size?.find((s) => s.id === id && s.tool === tool)?.report
    const base = bytes('baseline')
    const ours = bytes('airlock')
    const over = (field: 'initialGzip' | 'totalGzip') => (base && ours ? (ours[field] - base[field]) / KB : null)
    const t = (id: BenchApp['id']) => speed?.find((s) => s.app === id && s.tool === tool)?.median
    const modal = t('airlock')?.modal ?? null
    const buttonOver = pairedButtonOver(speed, tool)
    const qr = walletConnect?.find((w) => w.tool === tool)?.median ?? null
    const label = TOOL_LABELS[tool]
    return [
      check(`Initial JS over baseline, ${label}`, 'bytes', `≤ ${BUDGETS.initialKb} KB`, over('initialGzip'), (v) => v <= BUDGETS.initialKb, (v) => `${v.toFixed(1)} KB`),
      check(`All chunks over baseline, ${label}`, 'bytes', `≤ ${BUDGETS.totalKb} KB`, over('totalGzip'), (v) => v <= BUDGETS.totalKb, (v) => `${v.toFixed(1)} KB`),
      check(`Click → visible modal (median), ${label}`, 'timing', `≤ ${BUDGETS.clickToModalMs} ms`, modal, (v) => v <= BUDGETS.clickToModalMs, (v) => `${v} ms`),
      check(`Visible button − baseline (median of paired runs), ${label}`, 'timing', `≤ ${BUDGETS.buttonOverBaselineMs} ms`, buttonOver, (v) => v <= BUDGETS.buttonOverBaselineMs, (v) => `${v.toFixed(1)} ms`),
      check(`WalletConnect press → QR code (median), ${label}`, 'timing', `≤ ${BUDGETS.walletConnectQrMs} ms`, qr, (v) => v <= BUDGETS.walletConnectQrMs, (v) => `${v} ms`),
    ]
  })
  const perSecond = (v: number) => `${v.toLocaleString('en-US')}/s`
  const atLeast = `≥ ${BUDGETS.actionsPerSecond.toLocaleString('en-US')}/s`
  return [
    ...perTool,
    check('replay of 100,000 entries', 'core', `≤ ${BUDGETS.replayMs} ms`, core?.replayMs ?? null, (v) => v <= BUDGETS.replayMs, (v) => `${v} ms`),
    check('Store throughput', 'core', atLeast, core?.actionsPerSecond ?? null, (v) => v >= BUDGETS.actionsPerSecond, perSecond),
    // The same budget with more epics running (issue 12: routed by type, flat with 10 to 200 more).
    ...(core?.epicScaling ?? []).map(({ epics, actionsPerSecond }) => check(`Store throughput with ${epics} more epics`, 'core', atLeast, actionsPerSecond, (v) => v >= BUDGETS.actionsPerSecond, perSecond)),
    check('Heap growth, 2nd 100,000 actions', 'core', `≤ ${BUDGETS.heapSecondRunKb} KB`, core ? core.heapGrowth.second / KB : null, (v) => v <= BUDGETS.heapSecondRunKb, (v) => `${v.toFixed(0)} KB`),
  ]
}

/** The one table: apps as columns, measures as rows, each measure once per bundler (deltas over the React-only baseline built by the same tool). */
export function table(results: BenchResults): { header: Cell[]; rows: Cell[][] } {
  const ids = results.apps.map((a) => a.id)
  const header = ['', ...results.apps.map((a) => a.label)]
  const rows: Cell[][] = []
  const tools = toolsOf(results.size, results.speed, results.walletConnect)
  const size = (id: BenchApp['id'], tool: BenchTool) => results.size?.find((s) => s.id === id && s.tool === tool)?.report
  if (results.size) {
    const sizeRow = (label: string, field: 'initialGzip' | 'totalGzip', tool: BenchTool) => {
      const base = size('baseline', tool)
      rows.push([`${label}, ${TOOL_LABELS[tool]}`, ...ids.map((id) => (id === 'baseline' && base ? `${kb(base[field])} (baseline)` : size(id, tool) && base ? `+${kb(size(id, tool)![field] - base[field])}` : '—'))])
    }
    for (const tool of tools) sizeRow('Initial JS, KB min+gzip', 'initialGzip', tool)
    for (const tool of tools) sizeRow('All chunks, KB min+gzip', 'totalGzip', tool)
    const ratioRow = (label: string, field: 'initialGzip' | 'totalGzip', tool: BenchTool) => {
      const base = size('baseline', tool)
      const ours = size('airlock', tool)
      rows.push([
        `${label}, ${TOOL_LABELS[tool]}`,
        ...ids.map((id) => {
          const peer = size(id, tool)
          if (id === 'baseline' || id === 'airlock' || !peer || !ours || !base) return '—'
          const ratio = (ours[field] - base[field]) / (peer[field] - base[field])
          return `${ratio.toFixed(3)} (${(1 / ratio).toFixed(0)}× smaller)`
        }),
      ])
    }
    for (const tool of tools) ratioRow('Airlock ÷ peer, initial', 'initialGzip', tool)
    for (const tool of tools) ratioRow('Airlock ÷ peer, all chunks', 'totalGzip', tool)
    for (const tool of tools) rows.push([`JS files, initial / all, ${TOOL_LABELS[tool]}`, ...ids.map((id) => (size(id, tool) ? `${size(id, tool)!.chunks.filter((c) => c.initial).length} / ${size(id, tool)!.chunks.length}` : '—'))])
  }
  if (results.speed) {
    const speedRow = (label: string, pick: (m: SpeedResult['median']) => number | null) => {
      for (const tool of tools) {
        rows.push([`${label}, ${TOOL_LABELS[tool]}`, ...ids.map((id) => {
          const m = results.speed!.find((s) => s.app === id && s.tool === tool)?.median
          const v = m ? pick(m) : null
          return v === null ? (m ? 'n/a' : '—') : `${v}`
        })])
      }
    }
    speedRow('Navigation → visible button, ms', (m) => m.button)
    for (const tool of tools) {
      const paired = pairedButtonOver(results.speed, tool)
      rows.push([`Visible button over React alone (paired), ms, ${TOOL_LABELS[tool]}`, ...ids.map((id) => (id === 'airlock' && paired !== null ? `+${paired}` : '—'))])
    }
    speedRow('Click → visible modal, ms', (m) => m.modal)
    speedRow('Click → wallet list, ms', (m) => m.list)
    speedRow('Hover, then click → modal, ms', (m) => m.hoverModal)
    speedRow('Hover, then click → wallet list, ms', (m) => m.hoverList)
  }
  if (results.walletConnect) {
    // Airlock only: its app with `relayUrl` on this machine (the peers' apps use WalletConnect's own relay, blocked here).
    for (const tool of tools) {
      const result = results.walletConnect.find((w) => w.tool === tool)
      const value = result ? (result.median === null ? 'n/a' : `${result.median}`) : '—'
      rows.push([`WalletConnect press → QR code, ms, ${TOOL_LABELS[tool]}`, ...ids.map((id) => (id === 'airlock' ? value : '—'))])
    }
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
  for (const row of results.siwx ?? []) rows.push([`Sign-in verifications/s, ${row.chain}, ${row.store} nonce store`, ...ids.map((id) => (id === 'airlock' ? row.perSecond.toLocaleString('en-US') : '—'))])
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
  return budgets.map((b) => `${mark(b.pass)} ${b.name}: ${b.actual} (budget ${b.limit}, checked by --check${b.kind === 'bytes' ? ' and in npm test (tests/hosts)' : ''})`)
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
    `Measured ${results.date} by \`npm run bench\` (tests/bench/). Every app is built twice, by Vite 8 and by esbuild, each from its own npm install (Airlock from its \`npm pack\` tarball); sizes and times are over or next to the React-only baseline built by the same tool; speed values are medians.`,
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
    size: results.size?.map(({ id, tool, report }) => ({
      id,
      tool,
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
