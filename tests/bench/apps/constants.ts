// Shared by every benchmarked app (the peer apps get a copy next to themselves when they are built).
export const BENCH_PROJECT_ID = 'b56e18d47c72ab683b10814fe9495694'
export const BENCH_METADATA = { name: 'Airlock bench', description: 'Wallet kit benchmark', url: 'http://127.0.0.1', icons: [] }
