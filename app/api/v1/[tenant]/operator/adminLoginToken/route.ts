// POST /api/v1/{tenant}/operator/adminLoginToken — operator: a single-use admin login token (audited)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { adminLoginTokenRequestSchema, adminLoginTokenResponseSchema } from '@/lib/contracts/account'
import { issueAdminLoginToken } from '@/lib/engine/referrers/issue-admin-login-token'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  {
    auth: 'operator',
    body: adminLoginTokenRequestSchema,
    response: adminLoginTokenResponseSchema,
    errors: ['NichtRegistriert'],
  },
  async ({ tenant, body }) => issueAdminLoginToken(tenant, body),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
