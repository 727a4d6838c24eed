import { createSiwxMessage, createSiwxTemplate } from './formatSiwxMessage.js'
import type { SiwxMessage, SiwxMessageInput } from './types.js'

/** What a config adds to the flow's input: its nonce, its times, and the dapp's statement and resources. */
export interface SiwxMessageFields {
  readonly nonce: string
  readonly issuedAt: string
  readonly expirationTime: string
  readonly statement?: string | undefined
  readonly resources?: readonly string[] | undefined
}

/**
 * The message a config hands the flow (both built-in configs build it the same way): an empty
 * address asks for one-click auth's template, which the wallet fills with the account it picks.
 */
export function siwxMessageFor(input: Omit<SiwxMessageInput, 'issuedAt'>, fields: SiwxMessageFields): SiwxMessage {
  const data = {
    accountAddress: input.accountAddress,
    chainId: input.chainId,
    domain: input.domain,
    uri: input.uri,
    version: '1',
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    expirationTime: fields.expirationTime,
    ...(fields.statement ? { statement: fields.statement } : {}),
    ...(fields.resources?.length ? { resources: fields.resources } : {}),
  }
  return input.accountAddress === '' ? createSiwxTemplate(data) : createSiwxMessage(data)
}
