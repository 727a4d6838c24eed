// Rebuilds examples/devnet/contracts/devContracts.json from the .sol sources (run from the repository root):
//   node examples/run.mjs examples/devnet/contracts/writeDevContracts.ts
import { writeDevArtifacts } from './compileDevContracts.js'

console.log(`wrote ${writeDevArtifacts()}`)
