import { execFileSync } from 'node:child_process'
import { describe, expect, test } from 'vitest'

const root = new URL('../../', import.meta.url).pathname
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })

describe('package build', () => {
  test('behavior: npm run build writes dist/ and every subpath imports under Node', () => {
    run('npm', ['run', 'build', '--silent'])
    const names = JSON.parse(run('node', ['-e', "import('airlock-kit').then(m => console.log(JSON.stringify(Object.keys(m))))"]))
    expect(names).toEqual(expect.arrayContaining(['createAirlock', 'replay', 'mainnet', 'ofType']))
    const chains = JSON.parse(run('node', ['-e', "import('airlock-kit/chains').then(m => console.log(JSON.stringify(Object.keys(m))))"]))
    expect(chains).toEqual(expect.arrayContaining(['parseCaipAddress', 'chainIdToCoinType', 'isAllowedRpcMethod']))
    for (const entry of ['airlock-kit/storage', 'airlock-kit/telemetry', 'airlock-kit/react', 'airlock-kit/siwx', 'airlock-kit/siwx/server', 'airlock-kit/testing', 'airlock-kit/devtools', 'airlock-kit/api', 'airlock-kit/options']) {
      const keys = JSON.parse(run('node', ['-e', `import('${entry}').then(m => console.log(JSON.stringify(Object.keys(m))))`]))
      expect(keys.length).toBeGreaterThan(0)
    }
    // Importing the core starts nothing: no window access, no timers keeping Node alive.
    const out = run('node', ['-e', "import('airlock-kit').then(() => console.log('clean exit'))"])
    expect(out.trim()).toBe('clean exit')
  }, 120_000)
})
