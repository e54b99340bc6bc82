import { call } from './http'
import { TEST_OPERATOR_API_KEY } from './test-server'

/**
 * Creates or changes a tenant of the test run with the operator key (PUT /api/v1/mandant/{slug}): the
 * company `name` with its programme, support address hilfe@{name}.example and website www.{name}.example,
 * plus `settings`; fails the test unless the server takes it.
 */
export async function putTestTenant(slug: string, name: string, settings: Record<string, unknown> = {}) {
  const domain = `${name.toLowerCase()}.example`
  const response = await call(`/api/v1/mandant/${slug}`, {
    method: 'PUT',
    token: TEST_OPERATOR_API_KEY,
    body: {
      Name: name,
      ProgrammName: `${name} Freunde-Bonus`,
      SupportEmail: `hilfe@${domain}`,
      MandantUrl: `https://www.${domain}`,
      ...settings,
    },
  })
  expect(response.status).toBe(200)
}
