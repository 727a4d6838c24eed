/** One benchmarked app: the same minimal page (a provider, a connect button, mainnet) per kit. */
export interface BenchApp {
  readonly id: 'baseline' | 'airlock' | 'appkit' | 'rainbowkit' | 'connectkit'
  readonly label: string
  /** One of the other kits (left out by `--no-peers`). */
  readonly peer: boolean
  /** The app's source under tests/bench/apps/. */
  readonly source: string
  /**
   * Exact versions installed into the app's own folder (not the project's lockfile). Airlock's is
   * `file:./airlock-kit.tgz`: this run's `npm pack` tarball, as a user installs it.
   */
  readonly packages: Readonly<Record<string, string>>
  /** Extra npm flags for that install. */
  readonly npmFlags?: readonly string[]
  /** Why this peer uses these versions (printed with the results). */
  readonly note?: string
  /** How the speed harness finds things on the page (open and closed shadow roots included). */
  readonly probes: {
    /** Visible text of the connect button. */
    readonly button: string
    /** CSS selector of the open modal. */
    readonly modal: string
  }
}

/** React exactly as the project's devDependencies have it, so the baseline is the same React for all. */
const REACT = { react: '19.3.1', 'react-dom': '19.3.1' }
/** The packed package, copied into Airlock's install folder before `npm install` (tests/bench/peers.ts). */
export const AIRLOCK_TARBALL = 'airlock-kit.tgz'

/** The bundlers every app is built with (issue 12: what hosts use). esbuild is the project's own (the in-process API). */
export const TOOLS = ['vite', 'esbuild'] as const
export type BenchTool = (typeof TOOLS)[number]
export const TOOL_LABELS: Record<BenchTool, string> = { vite: 'Vite 8', esbuild: 'esbuild' }
/** Vite as the hosts pin it (tests/hosts/hostApps.ts), installed into every app's folder. */
export const VITE_PACKAGES = { vite: '8.3.8', '@vitejs/plugin-react': '6.3.0' } as const
const VIEM = '2.57.20'
const REACT_QUERY = '5.108.0'
const DIALOG = '[role="dialog"], [role="alertdialog"], [aria-modal="true"]'

export const BENCH_APPS: readonly BenchApp[] = [
  { id: 'baseline', label: 'React only', peer: false, source: 'baseline.tsx', packages: { ...REACT }, probes: { button: 'Connect Wallet', modal: DIALOG } },
  { id: 'airlock', label: 'Airlock', peer: false, source: 'airlock.tsx', packages: { 'airlock-kit': `file:./${AIRLOCK_TARBALL}`, ...REACT }, probes: { button: 'Connect Wallet', modal: DIALOG } },
  {
    id: 'appkit',
    peer: true,
    label: 'AppKit 1.8.24',
    source: 'appkit.jsx',
    packages: { '@reown/appkit': '1.8.24', '@reown/appkit-adapter-wagmi': '1.8.24', wagmi: '3.7.7', viem: VIEM, '@tanstack/react-query': REACT_QUERY, ...REACT },
    note: 'wagmi 3.7.7: what `npm install @reown/appkit-adapter-wagmi wagmi` resolves to (the adapter accepts wagmi >=2.19.5)',
    probes: { button: 'Connect Wallet', modal: `w3m-modal wui-card, ${DIALOG}` },
  },
  {
    id: 'rainbowkit',
    peer: true,
    label: 'RainbowKit 2.2.11',
    source: 'rainbowkit.jsx',
    packages: { '@rainbow-me/rainbowkit': '2.2.11', wagmi: '2.19.5', viem: VIEM, '@tanstack/react-query': REACT_QUERY, ...REACT },
    note: 'wagmi 2.19.5: RainbowKit 2 requires wagmi ^2.9',
    probes: { button: 'Connect Wallet', modal: DIALOG },
  },
  {
    id: 'connectkit',
    peer: true,
    label: 'ConnectKit 1.9.2',
    source: 'connectkit.jsx',
    packages: { connectkit: '1.9.2', wagmi: '2.19.5', viem: VIEM, '@tanstack/react-query': REACT_QUERY, ...REACT },
    // ConnectKit 1.9.2 declares react 17.x || 18.x; every app here runs React 19 so the baseline is shared.
    npmFlags: ['--legacy-peer-deps'],
    note: 'wagmi 2.19.5 (ConnectKit requires wagmi 2.x); installed with --legacy-peer-deps since it declares React 17/18 only',
    probes: { button: 'Connect Wallet', modal: DIALOG },
  },
]

/** The EIP-6963 wallet every page gets (an init script announces it), so wallet lists have an entry. */
export const BENCH_WALLET = {
  uuid: '6f1c9a52-3b7e-4d0a-9c61-0e2f8b4d7a19',
  name: 'Bench Wallet',
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"%3E%3Crect width="8" height="8" fill="%23a0a"/%3E%3C/svg%3E',
  rdns: 'dev.airlock.benchwallet',
} as const
