/**
 * Airlock's budgets (issues 7 and 12), all checked by `npm run bench -- --check` on the packed
 * package (`npm pack`), the byte and speed ones in each of its Vite 8 and esbuild builds. Bytes
 * are deterministic and also checked in `npm test` (tests/hosts/hosts.test.ts).
 */
export const BUDGETS = {
  /** Initial JavaScript (entry + its static imports) over the React-only baseline, KB min+gzip, of the packed package in Vite and esbuild (issue 12). */
  initialKb: 20,
  /** Every chunk over the baseline, KB min+gzip (issue 12: room for Solana, Bitcoin and the account). */
  totalKb: 500,
  /** Click to visible modal, median ms, in each build (issue 12). */
  clickToModalMs: 8,
  /** Navigation to visible connect button, median ms above the React-only baseline's built by the same tool (issue 12). */
  buttonOverBaselineMs: 15,
  /** Press on "WalletConnect" to its QR code, median ms, in each build, with WalletConnect's relay on this machine (issue 15). */
  walletConnectQrMs: 1000,
  /** `replay` of 100,000 log entries, ms (issue 12). */
  replayMs: 100,
  /** Store throughput with every epic running, actions per second, also with 10, 50 and 200 more epics (issue 12: routed by type, flat). */
  actionsPerSecond: 300_000,
  /** Heap growth over a second run of 100,000 actions (the log ring buffer must bound it), KB. */
  heapSecondRunKb: 1024,
} as const
