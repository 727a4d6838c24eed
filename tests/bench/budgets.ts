/**
 * Airlock's budgets (issue #7). Bytes are deterministic and checked in `npm test`
 * (tests/size/size.test.ts); timings only by `npm run bench -- --check`.
 */
export const BUDGETS = {
  /** Initial JavaScript (entry + its static imports) over the React-only baseline, KB min+gzip, of the packed package in Vite and esbuild (issue 12). */
  initialKb: 20,
  /** Every chunk over the baseline, KB min+gzip (issue 12: room for Solana, Bitcoin and the account). */
  totalKb: 500,
  /** Click to visible modal, median ms. */
  clickToModalMs: 16,
  /** Navigation to visible connect button, median ms above the baseline's. */
  buttonOverBaselineMs: 30,
  /** `replay` of 100,000 log entries, ms (issue 12). */
  replayMs: 100,
  /** Store throughput with every epic running, actions per second (issue 12: routed by type, flat with 10 to 200 more epics). */
  actionsPerSecond: 300_000,
  /** Heap growth over a second run of 100,000 actions (the log ring buffer must bound it), KB. */
  heapSecondRunKb: 1024,
} as const
