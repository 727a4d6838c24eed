// Types of stryker.config.mjs for its TypeScript readers (vitest.mutation.config.ts, tests/mutation/mutate.ts).
import type { PartialStrykerOptions } from '@stryker-mutator/api/core'

export declare const GROUPS: Record<string, string[]>
export declare const TESTS_OF: Record<string, 'all' | 'importers'>
declare const options: PartialStrykerOptions
export default options
