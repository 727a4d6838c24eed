import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'

/** This folder, from the repository root (scripts and tests run there; run.mjs bundles elsewhere). */
const dir = (root: string) => join(root, 'examples', 'devnet', 'contracts')
/** The dev contracts, by name; each `<Name>.sol` here defines a contract of that name. */
export const DEV_CONTRACT_NAMES = ['DevToken', 'DevCollectibles', 'DevSwap'] as const
export type DevContractName = (typeof DEV_CONTRACT_NAMES)[number]
export type DevArtifacts = Record<DevContractName, { abi: unknown[]; bytecode: `0x${string}` }>
/** The committed build: the dev stack deploys from it, and a test rebuilds it and compares. */
export const devArtifactsPath = (root = process.cwd()): string => join(dir(root), 'devContracts.json')

/**
 * Compiles the dev contracts with solc-js (exact version in devDependencies), optimizer on, for
 * the EVM version anvil runs by default here. Deterministic: the same sources give the same bytes.
 * @example compileDevContracts().DevToken.bytecode
 */
export function compileDevContracts(root = process.cwd()): DevArtifacts {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
  const sources = Object.fromEntries(DEV_CONTRACT_NAMES.map((name) => [`${name}.sol`, { content: readFileSync(join(dir(root), `${name}.sol`), 'utf8') }]))
  const input = {
    language: 'Solidity',
    sources,
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', metadata: { bytecodeHash: 'none' }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'))
  return Object.fromEntries(
    DEV_CONTRACT_NAMES.map((name) => {
      const built = output.contracts[`${name}.sol`]![name]!
      return [name, { abi: built.abi, bytecode: `0x${built.evm.bytecode.object}` }]
    }),
  ) as DevArtifacts
}

/** The committed artifacts. */
export function readDevArtifacts(root = process.cwd()): DevArtifacts {
  return JSON.parse(readFileSync(devArtifactsPath(root), 'utf8')) as DevArtifacts
}

/** Rewrites the committed build from the sources (`node examples/run.mjs examples/devnet/contracts/writeDevContracts.ts`). */
export function writeDevArtifacts(root = process.cwd()): string {
  writeFileSync(devArtifactsPath(root), `${JSON.stringify(compileDevContracts(root), null, 2)}\n`)
  return devArtifactsPath(root)
}
