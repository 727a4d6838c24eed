import { FARCASTER_CHANNEL, isAllowedPageOrigin, loadFrameConfig, OAUTH_RESULT_TYPE } from './frameConfig.js'

/**
 * The dev OAuth page (`/oauth?provider=&state=`) and the dev farcaster page (`/farcaster?channel=`)
 * on the frame origin: a stand-in for google, github, apple, facebook, x, discord and farcaster.
 * OAuth: "Sign in" builds the result uri `/oauth/callback?provider&state&user` and posts
 * `{ type: '@airlock-oauth/RESULT', resultUri }` to the opener (only allowed page origins), or,
 * with `&redirect=<page url>` on an allowed origin, goes back there with `?airlock_social_result=`.
 * The app completes the login with CONNECT_SOCIAL { uri: resultUri }.
 */
const PROVIDERS: Record<string, string> = { google: 'Google', github: 'GitHub', apple: 'Apple', facebook: 'Facebook', x: 'X', discord: 'Discord' }

async function main(): Promise<void> {
  const params = new URL(location.href).searchParams
  const title = document.getElementById('title')!
  const form = document.getElementById('form') as HTMLFormElement
  const input = document.getElementById('user') as HTMLInputElement
  const status = document.getElementById('status')!
  // Fetched in the background: the form is usable (and its defaults set) at once.
  const config = loadFrameConfig().catch(() => null)

  if (location.pathname === '/farcaster') {
    const channel = params.get('channel') ?? ''
    title.textContent = 'Approve sign-in with Farcaster (dev)'
    input.value ||= 'dev-farcaster'
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      new BroadcastChannel(FARCASTER_CHANNEL).postMessage({ channel, userName: input.value.trim() })
      status.textContent = 'Approved. You can close this window.'
    })
    return
  }

  const provider = params.get('provider') ?? ''
  const state = params.get('state') ?? ''
  if (!PROVIDERS[provider] || !/^[0-9a-f]{8,64}$/.test(state)) {
    title.textContent = 'Invalid sign-in request'
    form.hidden = true
    return
  }
  title.textContent = `Sign in with ${PROVIDERS[provider]} (dev)`
  input.value ||= `dev-${provider}`
  form.addEventListener('submit', async (event) => {
    event.preventDefault()
    const loaded = await config
    const allows = (origin: string): boolean => loaded !== null && isAllowedPageOrigin(origin, loaded)
    const origins = loaded?.allowedOrigins.map((o) => new URL(o).origin) ?? []
    const resultUri = `${location.origin}/oauth/callback?provider=${provider}&state=${state}&user=${encodeURIComponent(input.value.trim())}`
    const redirect = params.get('redirect')
    if (redirect && allows(new URL(redirect).origin)) {
      const back = new URL(redirect)
      back.searchParams.set('airlock_social_result', resultUri)
      location.assign(back.href)
      return
    }
    // To the opener's origin when the referrer names an allowed one (the default referrer policy
    // sends it); otherwise each allowed origin, and a targeted post reaches only the matching one.
    const referrer = document.referrer ? new URL(document.referrer).origin : null
    const targets = referrer !== null && allows(referrer) ? [referrer] : origins
    if (window.opener) for (const origin of targets) (window.opener as Window).postMessage({ type: OAUTH_RESULT_TYPE, resultUri }, origin)
    status.textContent = 'Signed in. You can close this window.'
    window.close()
  })
}

main().catch((error: unknown) => {
  document.getElementById('status')!.textContent = `Failed: ${error instanceof Error ? error.message : String(error)}`
})
