/** `airlock/api`: the cloud API client (HTTP with zod-checked bodies, typed errors, bounded retry) and the SPEC 8 alerts its failures raise. */
export { buildUrl, createHttpClient } from './createHttpClient.js'
export type { BodyArgs, GetArgs, HttpClient, HttpClientOptions, QueryParams, ResponseSchema } from './createHttpClient.js'
export { HttpAbortError, HttpError, HttpNetworkError, HttpTimeoutError, ResponseParseError, ResponseSchemaError } from './errors.js'
export { fromAbortable } from './fromAbortable.js'
export { isTransientError, retryTransient } from './retryTransient.js'
export { ALERTS, alertFor, alertForServerMessage } from '../errors/alerts.js'
export type { Alert, AlertCode, AlertVariant } from '../errors/alerts.js'
