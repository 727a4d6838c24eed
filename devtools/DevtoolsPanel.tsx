import { useEffect, useId, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import type { Airlock } from '../core/createAirlock.js'
import { StatePreview } from './StatePreview.js'
import { stateDiff } from './stateDiff.js'
import { createTimeline, type Timeline } from './timeline.js'
import { useLiveTimeline } from './useLiveTimeline.js'

export interface DevtoolsPanelProps {
  /** The live instance whose log is shown; null in the standalone viewer. */
  readonly airlock: Airlock | null
  /** Closes the panel (the docked panel's "Close"); none in the viewer. */
  readonly onClose?: (() => void) | undefined
}

type Tab = 'action' | 'diff' | 'state'

/** Said when a file is not a log this version reads; the cause's own words follow. */
export const NOT_A_LOG = 'This file is not an Airlock log this version can read'

/**
 * The devtools' content: the log's actions (filtered by type and text), the selected one's
 * payload, the state diff it made and the state after it, a time slider over the whole log, and
 * the state at that point rendered read-only by Airlock's own components. Live logs can be
 * paused; any exported log can be imported (a user's bug report becomes a timeline) and exported.
 */
export function DevtoolsPanel({ airlock, onClose }: DevtoolsPanelProps) {
  const [imported, setImported] = useState<{ name: string; text: string; timeline: Timeline } | null>(null)
  const [paused, setPaused] = useState(false)
  const [position, setPosition] = useState<number | null>(null)
  const [typeFilter, setTypeFilter] = useState('')
  const [text, setText] = useState('')
  const [tab, setTab] = useState<Tab>('action')
  const [error, setError] = useState<string | null>(null)
  const [dropping, setDropping] = useState(false)
  const live = useLiveTimeline(imported ? null : airlock, paused)
  const timeline = imported?.timeline ?? live
  const entries = timeline?.entries ?? []
  const count = entries.length
  // null follows the newest action; a chosen position stays where it is while the log grows.
  const at = position === null ? count : Math.min(position, count)
  const ids = useId()
  const list = useRef<HTMLUListElement>(null)

  const types = useMemo(() => [...new Set(entries.map((entry) => entry.action.type))].sort(), [entries])
  const rows = useMemo(() => {
    const needle = text.trim().toLowerCase()
    return entries
      .map((entry, index) => ({ entry, position: index + 1 }))
      .filter(({ entry }) => (!typeFilter || entry.action.type === typeFilter) && (!needle || JSON.stringify(entry.action).toLowerCase().includes(needle)))
  }, [entries, typeFilter, text])

  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' })
  }, [at, rows])

  const readFile = async (file: File) => {
    try {
      const content = await file.text()
      setImported({ name: file.name, text: content, timeline: createTimeline(content) })
      setPosition(null)
      setError(null)
    } catch (cause) {
      setError(`${NOT_A_LOG}: ${cause instanceof Error ? cause.message.slice(0, 300) : String(cause)}`)
    }
  }
  const exportLog = () => {
    const content = imported?.text ?? airlock?.log.export()
    if (!content) return
    const link = document.createElement('a')
    link.href = URL.createObjectURL(new Blob([content], { type: 'application/json' }))
    link.download = imported?.name ?? `airlock-log-${new Date().toISOString().replace(/[:.]/g, '-')}.json`
    document.body.append(link)
    link.click()
    link.remove()
    // Not at once: a URL revoked in the click's task can cancel the download it started.
    setTimeout(() => URL.revokeObjectURL(link.href), 1_000)
  }
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDropping(false)
    const file = event.dataTransfer.files[0]
    if (file) void readFile(file)
  }
  // The list moves through the rows it shows (the filter applies), like any listbox.
  const onListKey = (event: KeyboardEvent) => {
    if (rows.length === 0) return
    const current = rows.findIndex((row) => row.position === at)
    const page = 10
    const next: Record<string, number> = {
      ArrowDown: current < 0 ? 0 : current + 1,
      ArrowUp: current < 0 ? rows.length - 1 : current - 1,
      PageDown: current + page,
      PageUp: current - page,
      Home: 0,
      End: rows.length - 1,
    }
    if (!(event.key in next)) return
    event.preventDefault()
    const row = rows[Math.max(0, Math.min(rows.length - 1, next[event.key]!))]!
    setPosition(row.position)
  }

  const selected = at > 0 ? entries[at - 1] : undefined
  const first = entries[0]?.at ?? 0
  const source = imported ? `Imported: ${imported.name}` : airlock ? (paused ? 'Live (paused)' : 'Live') : 'No log yet: drop an exported log here, or import one'

  return (
    <section
      className={dropping ? 'panel drop' : 'panel'}
      aria-label="Airlock devtools"
      onDragOver={(event) => {
        event.preventDefault()
        setDropping(true)
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
    >
      <div className="toolbar">
        <h2>Airlock devtools</h2>
        <span className="source" data-testid="devtools-source">{source}</span>
        <select aria-label="Filter by action type" value={typeFilter} onChange={(event) => setTypeFilter(event.target.value)}>
          <option value="">All types</option>
          {types.map((type) => (
            <option key={type} value={type}>{type}</option>
          ))}
        </select>
        <input type="search" aria-label="Filter by text" placeholder="Filter" value={text} onChange={(event) => setText(event.target.value)} />
        {airlock && !imported ? (
          <button type="button" aria-pressed={paused} onClick={() => setPaused((p) => !p)}>{paused ? 'Resume' : 'Pause'}</button>
        ) : null}
        {airlock && imported ? (
          <button type="button" onClick={() => { setImported(null); setPosition(null) }}>Back to live</button>
        ) : null}
        <button type="button" onClick={exportLog} disabled={!imported && !airlock}>Export log</button>
        <label className="file">
          Import log…
          <input type="file" accept="application/json,.json" data-testid="devtools-import" onChange={(event) => { const file = event.target.files?.[0]; event.target.value = ''; if (file) void readFile(file) }} />
        </label>
        {onClose ? <button type="button" onClick={onClose}>Close</button> : null}
      </div>
      {error ? <p className="alert" role="alert">{error}</p> : null}
      <div className="scrub">
        <label htmlFor={`${ids}-time`}>Time</label>
        <input
          id={`${ids}-time`}
          type="range"
          min={0}
          max={count}
          value={at}
          disabled={!timeline}
          aria-valuetext={selected ? `after action ${at} of ${count}: ${selected.action.type}` : `before the first action (${count} in the log)`}
          onChange={(event) => setPosition(Number(event.target.value))}
        />
        <span aria-live="polite">{`${at} / ${count}`}</span>
        <button type="button" onClick={() => setPosition(null)} disabled={position === null}>Latest</button>
      </div>
      <div className="body">
        {timeline ? (
          <ul
            ref={list}
            className="list"
            role="listbox"
            aria-label="Actions"
            tabIndex={0}
            aria-activedescendant={rows.some((row) => row.position === at) ? `${ids}-row-${at}` : undefined}
            onKeyDown={onListKey}
          >
            {rows.map(({ entry, position: rowPosition }) => (
              <li key={entry.seq} id={`${ids}-row-${rowPosition}`} role="option" aria-selected={rowPosition === at} onClick={() => setPosition(rowPosition)}>
                <span className="time" title={new Date(entry.at).toISOString()}>{`+${((entry.at - first) / 1000).toFixed(3)} s`}</span>
                <span className={entry.action.type === 'epic/failed' ? 'failed' : undefined}>{entry.action.type}</span>
              </li>
            ))}
            {rows.length === 0 ? <li className="muted" aria-disabled="true">{count === 0 ? 'No actions yet' : 'No action matches the filter'}</li> : null}
          </ul>
        ) : (
          <p className="empty">{source}</p>
        )}
        <div className="details">
          {timeline ? <Details timeline={timeline} at={at} tab={tab} setTab={setTab} /> : null}
        </div>
        {timeline ? <StatePreview state={timeline.stateAt(at)} /> : <div className="preview" />}
      </div>
    </section>
  )
}

function Details({ timeline, at, tab, setTab }: { timeline: Timeline; at: number; tab: Tab; setTab: (tab: Tab) => void }) {
  const entry = at > 0 ? timeline.entries[at - 1] : undefined
  const diff = useMemo(() => (entry ? stateDiff(timeline.stateAt(at - 1), timeline.stateAt(at)) : null), [timeline, at, entry])
  return (
    <>
      <div className="tabs" role="tablist" aria-label="Details">
        {(['action', 'diff', 'state'] as const).map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} aria-pressed={tab === name} onClick={() => setTab(name)}>
            {name === 'action' ? 'Action' : name === 'diff' ? 'Diff' : 'State'}
          </button>
        ))}
      </div>
      <div role="tabpanel" data-testid="devtools-details">
        {tab === 'action' ? (
          entry ? <pre>{JSON.stringify(entry.action, null, 2)}</pre> : <p className="muted">The state before the first action of the log.</p>
        ) : tab === 'diff' ? (
          diff ? (
            diff.changes.length === 0 ? (
              <p className="muted">This action changed no state.</p>
            ) : (
              <ul className="diff">
                {diff.changes.map((change) => (
                  <li key={change.path}>
                    <strong>{change.path}</strong>
                    <div className="before">{`- ${show(change.before)}`}</div>
                    <div className="after">{`+ ${show(change.after)}`}</div>
                  </li>
                ))}
                {diff.truncated ? <li className="muted">More changes were left out.</li> : null}
              </ul>
            )
          ) : (
            <p className="muted">Choose an action to see what it changed.</p>
          )
        ) : (
          <pre>{JSON.stringify(timeline.stateAt(at), null, 2)}</pre>
        )}
      </div>
    </>
  )
}

/** One value of a diff on one line, cut when long (a whole wallet list). */
function show(value: unknown): string {
  const text = value === undefined ? '(none)' : JSON.stringify(value)
  return text.length > 400 ? `${text.slice(0, 400)}…` : text
}
