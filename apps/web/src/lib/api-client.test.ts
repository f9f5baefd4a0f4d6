import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiRequestError, NetworkError, apiRequest, isConnectionProblem, userMessage } from './api-client'

const CONNECTION_ERROR = "We're having trouble connecting to our servers. Please try again later."
const UNEXPECTED = 'An unexpected error occurred. Please try again.'

type FetchArgs = [input: string, init: RequestInit]

function stubFetch(respond: () => Promise<Response>) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(respond)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (err) {
    return err
  }
  throw new Error('expected the request to fail')
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('apiRequest', () => {
  it('returns the JSON body of a 200', async () => {
    const fetchMock = stubFetch(async () => jsonResponse(200, { user: { id: 'u1', email: 'ana@example.com' } }))
    await expect(apiRequest('/api/auth/session')).resolves.toEqual({ user: { id: 'u1', email: 'ana@example.com' } })

    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/auth/session')
    expect(init.method).toBe('GET')
    expect(init.body).toBeUndefined()
    expect(init.credentials).toBe('same-origin')
  })

  it('sends a JSON body as a POST with content-type application/json', async () => {
    const fetchMock = stubFetch(async () => jsonResponse(200, { message: 'ok' }))
    const body = { email: 'ana@example.com', password: 'secret', rememberMe: false }
    await apiRequest('/api/auth/sign-in', { body })

    const [, init] = fetchMock.mock.calls[0]!
    expect(init.method).toBe('POST')
    expect(new Headers(init.headers).get('content-type')).toBe('application/json')
    expect(JSON.parse(init.body as string)).toEqual(body)
  })

  it('sends a file as the body itself, with its type and extra headers, as a POST', async () => {
    const fetchMock = stubFetch(async () => jsonResponse(201, { image: { id: 'i1' } }))
    const data = new Blob(['png bytes'], { type: 'image/png' })
    await apiRequest('/api/images', {
      raw: { data, contentType: 'image/png', headers: { 'x-file-name': 'a%20b.png' } },
    })

    const [, init] = fetchMock.mock.calls[0]!
    expect(init.method).toBe('POST')
    const headers = new Headers(init.headers)
    expect(headers.get('content-type')).toBe('image/png')
    expect(headers.get('x-file-name')).toBe('a%20b.png')
    expect(init.body).toBe(data)
  })

  it('keeps an explicit method', async () => {
    const fetchMock = stubFetch(async () => new Response(null, { status: 204 }))
    await expect(apiRequest('/api/profile', { method: 'PUT', body: { name: 'Ana' } })).resolves.toBeNull()
    expect(fetchMock.mock.calls[0]![1].method).toBe('PUT')
  })

  it('throws ApiRequestError with the status, code and message of a 4xx error body', async () => {
    stubFetch(async () => jsonResponse(400, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }))
    const err = await caught(apiRequest('/api/auth/sign-in', { body: {} }))

    expect(err).toBeInstanceOf(ApiRequestError)
    expect(err).toMatchObject({ status: 400, code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' })
    expect(userMessage(err)).toBe('Invalid email or password')
    expect(isConnectionProblem(err)).toBe(false)
  })

  it('keeps the validation details of an error body', async () => {
    const details = [{ path: 'email', message: 'Please enter a valid email address' }]
    stubFetch(async () => jsonResponse(400, { code: 'VALIDATION_FAILED', message: 'Invalid', details }))
    const err = await caught(apiRequest('/api/auth/sign-up', { body: {} }))
    expect((err as ApiRequestError).details).toEqual(details)
  })

  it('shows the generic sentence for a 500 and counts it as a connection problem', async () => {
    stubFetch(async () => jsonResponse(500, { code: 'INTERNAL', message: 'relation "user" does not exist' }))
    const err = await caught(apiRequest('/api/auth/session'))

    expect(err).toBeInstanceOf(ApiRequestError)
    expect((err as ApiRequestError).status).toBe(500)
    expect(userMessage(err)).toBe(UNEXPECTED)
    expect(isConnectionProblem(err)).toBe(true)
  })

  it('turns a fetch rejection into a NetworkError with the connection-error sentence', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch')
    })
    const err = await caught(apiRequest('/api/auth/session'))

    expect(err).toBeInstanceOf(NetworkError)
    expect((err as Error).message).toBe(CONNECTION_ERROR)
    expect(isConnectionProblem(err)).toBe(true)
    expect(userMessage(err)).toBe(UNEXPECTED)
  })

  it('treats a non-JSON 502 page as a NetworkError', async () => {
    stubFetch(async () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }))
    const err = await caught(apiRequest('/api/auth/session'))

    expect(err).toBeInstanceOf(NetworkError)
    expect((err as Error).message).toBe(CONNECTION_ERROR)
  })

  it('treats a non-JSON 200 as an unexpected ApiRequestError', async () => {
    stubFetch(async () => new Response('<!doctype html><html></html>', { status: 200 }))
    const err = await caught(apiRequest('/api/auth/session'))

    expect(err).toBeInstanceOf(ApiRequestError)
    expect(err).toMatchObject({ status: 200, code: 'UNKNOWN' })
    expect(userMessage(err)).toBe(UNEXPECTED)
  })
})

describe('userMessage', () => {
  it('gives the generic sentence for anything that is not an API error', () => {
    expect(userMessage(new Error('boom'))).toBe(UNEXPECTED)
    expect(userMessage('boom')).toBe(UNEXPECTED)
    expect(isConnectionProblem(new Error('boom'))).toBe(false)
  })
})
