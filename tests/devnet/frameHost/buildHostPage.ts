import { build } from 'esbuild'
import { join } from 'node:path'
import { startStaticServer, type StaticFile, type StaticServer } from '../../../examples/devnet/staticServer.js'
import { BROWSER_BUILD_OPTIONS } from '../../../examples/devnet/browserBuild.js'

/** Bundles page.ts (code splitting on, like the demo dapp) and serves it with extra in-memory files. */
export async function startHostPage(root: string, port: number, extra: Record<string, StaticFile> = {}): Promise<StaticServer> {
  const dir = join(root, 'tests', 'devnet', 'frameHost')
  const result = await build({
    absWorkingDir: root,
    entryPoints: { page: join(dir, 'page.ts') },
    outdir: join(dir, 'assets'),
    ...BROWSER_BUILD_OPTIONS,
    splitting: true,
  })
  const files = new Map<string, StaticFile>(Object.entries(extra))
  for (const file of result.outputFiles) files.set(`/assets/${file.path.split('/').pop()}`, { body: file.contents, type: 'text/javascript; charset=utf-8' })
  files.set('/index.html', { body: '<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/assets/page.js"></script></head><body></body></html>', type: 'text/html; charset=utf-8' })
  return startStaticServer({ port, host: '127.0.0.1', root: dir, files: () => files })
}
