import { describe, expect, test } from 'vitest'
import { SOCIAL_LOGIN_MARKER_MS } from '../../constants/timing.js'
import { checkSocialLogin, oauthStateOf, startedSocialLogin } from './socialLoginMarker.js'

const RESULT = 'https://secure.example/oauth/callback?provider=github&state=abc&code=c0de'

describe('social login marker (issue L-9)', () => {
  test('default: started from the provider URL, it matches that login\'s result until it expires', () => {
    const marker = startedSocialLogin('https://secure.example/oauth?provider=github&state=abc', 'github', 1_000)
    expect(marker).toEqual({ state: 'abc', provider: 'github', expiresAt: 1_000 + SOCIAL_LOGIN_MARKER_MS })
    expect(checkSocialLogin(marker, RESULT, 1_000 + SOCIAL_LOGIN_MARKER_MS - 1)).toEqual({ match: marker, remove: true })
    expect(checkSocialLogin(marker, RESULT, 1_000 + SOCIAL_LOGIN_MARKER_MS)).toEqual({ match: null, remove: true })
  })

  test('behavior: another state, no state, or a malformed marker never match', () => {
    const marker = { state: 'abc', provider: 'github', expiresAt: SOCIAL_LOGIN_MARKER_MS }
    expect(checkSocialLogin(marker, RESULT.replace('state=abc', 'state=abd'), 0)).toEqual({ match: null, remove: false })
    expect(checkSocialLogin(marker, 'https://secure.example/oauth/callback?provider=github', 0)).toEqual({ match: null, remove: false })
    expect(checkSocialLogin(marker, 'not a url', 0)).toEqual({ match: null, remove: false })
    for (const bad of [undefined, null, 'abc', { ...marker, provider: 'farcaster' }, { ...marker, state: '' }, { ...marker, extra: 1 }]) {
      expect(checkSocialLogin(bad, RESULT, 0)).toEqual({ match: null, remove: false })
    }
    expect(startedSocialLogin('https://secure.example/oauth?provider=github', 'github', 0)).toBeNull()
  })

  test('behavior: the state is read from the query, else from the fragment', () => {
    expect(oauthStateOf('https://a.example/cb?code=1&state=q1')).toBe('q1')
    expect(oauthStateOf('https://a.example/cb#access_token=t&state=h1')).toBe('h1')
    expect(oauthStateOf('https://a.example/cb?state=')).toBeNull()
  })
})
