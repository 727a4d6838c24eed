import { BaseError, ContractFunctionRevertedError, ExecutionRevertedError } from 'viem'

/** A 400 (or other status) with the sentence the caller sees. */
export class ConvertError extends Error {
  constructor(readonly status: number, message: string) {
    super(message)
  }
}

/** A chain call: a revert is the caller's 400 (prefixed by `reverted`), anything else falls through to the route's 502. */
export async function chainRead<T>(read: () => Promise<T>, reverted = 'The call reverted'): Promise<T> {
  try {
    return await read()
  } catch (error) {
    const revert = error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError || e instanceof ExecutionRevertedError) : null
    if (revert instanceof BaseError) throw new ConvertError(400, `${reverted}: ${revert instanceof ContractFunctionRevertedError && revert.reason ? revert.reason : revert.shortMessage}`)
    throw error
  }
}
