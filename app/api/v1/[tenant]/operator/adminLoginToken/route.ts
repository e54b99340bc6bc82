// POST /api/v1/{tenant}/operator/adminLoginToken — operator: a single-use admin login token (audited)
import { adminLoginTokenRequestSchema, adminLoginTokenResponseSchema } from '@/lib/contracts/account'
import { issueAdminLoginToken } from '@/lib/engine/referrers/issue-admin-login-token'
import { operatorRoute } from '@/lib/engine/http/api-route'

export const { GET, POST, PUT, DELETE, PATCH } = operatorRoute('POST', issueAdminLoginToken, {
  body: adminLoginTokenRequestSchema,
  response: adminLoginTokenResponseSchema,
  errors: ['NichtRegistriert'],
})
