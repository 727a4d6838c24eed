// The reference sign-in back end as a process:
//   SIWX_ALLOWED_ORIGINS=https://dapp.example REDIS_URL=redis://127.0.0.1:6379 SIWX_PORT=8790 node examples/run.mjs examples/siwx-server/main.ts
// Without REDIS_URL it keeps nonces and sessions in memory (one process only).
import { startSiwxServer } from './startSiwxServer.js'

const env = process.env
const allowedOrigins = (env.SIWX_ALLOWED_ORIGINS ?? '').split(',').map((origin) => origin.trim()).filter(Boolean)
if (allowedOrigins.length === 0) {
  console.error('Set SIWX_ALLOWED_ORIGINS to the page origins that may sign in (comma-separated, `*` wildcards), e.g. SIWX_ALLOWED_ORIGINS=http://localhost:*')
  process.exit(2)
}
const server = await startSiwxServer({
  port: Number(env.SIWX_PORT ?? 8790),
  host: env.SIWX_HOST ?? '127.0.0.1',
  allowedOrigins,
  ...(env.REDIS_URL ? { redisUrl: env.REDIS_URL } : {}),
  ...(env.SIWX_REDIS_PREFIX ? { prefix: env.SIWX_REDIS_PREFIX } : {}),
  ...(env.SIWX_NAME ? { name: env.SIWX_NAME } : {}),
})
console.log(`siwx server listening on ${server.url} (${env.REDIS_URL ? `Redis ${env.REDIS_URL}` : 'in memory'})`)
const stop = () => void server.close().then(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
