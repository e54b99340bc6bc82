import { call } from '../support/http'

// GET /api/v1/openapi.json: the main API's description (lib/engine/http/openapi; its content is checked
// by lib/engine/http/openapi/document.test.ts), served by the production server.

describe('GET /api/v1/openapi.json', () => {
  it('answers the OpenAPI 3.1 document as public, cacheable JSON', async () => {
    const response = await call('/api/v1/openapi.json', { withoutRequestedWith: true })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toMatch(/^public/)
    const document = response.json as { openapi: string; paths: Record<string, object> }
    expect(document.openapi).toMatch(/^3\.1\./)
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/{tenant}/account/login', '/mandant/{tenant}', '/openapi.json']),
    )
  })

  it('is the same whatever token comes, and offers no other method', async () => {
    const withToken = await call('/api/v1/openapi.json', { token: 'not-a-token' })
    expect(withToken.status).toBe(200)
    const post = await call('/api/v1/openapi.json', { method: 'POST', body: {} })
    expect(post.status).toBe(405)
    expect((post.json as { Code: string }).Code).toBe('MethodeNichtErlaubt')
  })
})
