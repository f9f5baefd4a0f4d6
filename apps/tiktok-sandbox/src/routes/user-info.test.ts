import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bearer, connect, makeSandbox, type TestSandbox } from '../testing/harness'

let t: TestSandbox
beforeEach(async () => {
  t = await makeSandbox()
})
afterEach(async () => {
  await t.close()
})

function userInfo(token: string, fields: string | undefined) {
  const query = fields === undefined ? '' : `?fields=${fields}`
  return t.app.inject({ method: 'GET', url: `/v2/user/info/${query}`, headers: bearer(token) })
}

describe('GET /v2/user/info/', () => {
  it('returns the basic fields in the v2 envelope, avatar on the sandbox', async () => {
    const c = await connect(t.app, { username: 'ann', display_name: 'Ann Example' }, ['user.info.basic'])
    const res = await userInfo(
      c.accessToken,
      'open_id,union_id,avatar_url,avatar_url_100,avatar_large_url,display_name',
    )
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.error).toEqual({ code: 'ok', message: '', log_id: expect.stringMatching(/^\d{14}[0-9A-F]{20}$/) })
    expect(body.data.user).toEqual({
      open_id: c.openId,
      union_id: expect.any(String),
      avatar_url: `http://sandbox.test/avatars/${c.openId}.svg`,
      avatar_url_100: `http://sandbox.test/avatars/${c.openId}.svg?size=100`,
      avatar_large_url: `http://sandbox.test/avatars/${c.openId}.svg?size=720`,
      display_name: 'Ann Example',
    })
    const avatar = await t.app.inject({ method: 'GET', url: `/avatars/${c.openId}.svg` })
    expect(avatar.statusCode).toBe(200)
    expect(avatar.headers['content-type']).toContain('image/svg+xml')
    expect(avatar.body).toContain('>AE</text>')
  })

  it('returns profile and stats fields when those scopes were granted', async () => {
    const c = await connect(t.app, { username: 'bob', is_verified: true }, [
      'user.info.basic',
      'user.info.profile',
      'user.info.stats',
    ])
    const res = await userInfo(
      c.accessToken,
      'username,bio_description,is_verified,profile_deep_link,follower_count,following_count,likes_count,video_count',
    )
    expect(res.statusCode).toBe(200)
    const user = res.json().data.user
    expect(user).toMatchObject({ username: 'bob', is_verified: true, video_count: 0, likes_count: 0 })
    expect(user.profile_deep_link).toBe('http://sandbox.test/creators/bob')
    expect(Number.isInteger(user.follower_count)).toBe(true)
    expect(Object.keys(user)).toHaveLength(8)
  })

  it('answers 400 scope_permission_missed for a field of an ungranted scope', async () => {
    const c = await connect(t.app, {}, ['user.info.basic'])
    for (const field of ['username', 'follower_count', 'open_id,bio_description']) {
      const res = await userInfo(c.accessToken, field)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ data: {}, error: { code: 'scope_permission_missed' } })
    }
  })

  it('answers 400 invalid_params without fields or with an unknown field', async () => {
    const c = await connect(t.app)
    for (const fields of [undefined, '', 'open_id,nickname']) {
      const res = await userInfo(c.accessToken, fields)
      expect(res.statusCode).toBe(400)
      expect(res.json().error.code).toBe('invalid_params')
    }
  })

  it('answers 401 access_token_invalid without a valid bearer token', async () => {
    for (const headers of [{}, bearer('act.unknown'), { authorization: 'Basic abc' }]) {
      const res = await t.app.inject({ method: 'GET', url: '/v2/user/info/?fields=open_id', headers })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ data: {}, error: { code: 'access_token_invalid' } })
    }
  })
})
