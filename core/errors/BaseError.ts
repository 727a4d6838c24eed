/**
 * The one error class of Airlock (viem style): a short message for people,
 * optional details for developers, and the cause chain kept.
 * @example throw new BaseError('Invalid chainId', { details: `got ${id}` })
 */
export class BaseError extends Error {
  override name = 'AirlockError'
  readonly shortMessage: string
  readonly details: string | undefined
  /** A stable machine code, when the error has one (e.g. an RPC error code). */
  readonly code: string | number | undefined

  constructor(shortMessage: string, options: { details?: string; cause?: unknown; code?: string | number } = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.shortMessage = shortMessage
    this.details = options.details
    this.code = options.code
  }

  /** The plain `{ message, code? }` form that actions carry. */
  toJSON(): { message: string; code?: string | number } {
    return this.code === undefined ? { message: this.shortMessage } : { message: this.shortMessage, code: this.code }
  }
}

/** Turns anything thrown into the serializable `{ message, code? }` an action can carry. */
export function toErrorInfo(error: unknown, fallback = 'Something went wrong'): { message: string; code?: string | number } {
  if (error instanceof BaseError) return error.toJSON()
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    const message = error.message || fallback
    return typeof code === 'string' || typeof code === 'number' ? { message, code } : { message }
  }
  if (typeof error === 'string' && error.length > 0) return { message: error }
  if (error !== null && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string') {
    const { message, code } = error as { message: string; code?: unknown }
    return typeof code === 'string' || typeof code === 'number' ? { message: message || fallback, code } : { message: message || fallback }
  }
  return { message: fallback }
}
