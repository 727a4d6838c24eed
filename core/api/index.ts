export { buildUrl, createHttpClient } from './createHttpClient.js'
export type { BodyArgs, GetArgs, HttpClient, HttpClientOptions, QueryParams, ResponseSchema } from './createHttpClient.js'
export { HttpAbortError, HttpError, HttpNetworkError, HttpTimeoutError, ResponseParseError, ResponseSchemaError } from './errors.js'
export { fromAbortable } from './fromAbortable.js'
