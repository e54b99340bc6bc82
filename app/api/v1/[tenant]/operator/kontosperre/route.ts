// PUT /api/v1/{tenant}/operator/kontosperre — operator: lock one account or lift a lock (audited)
import { apiHandler } from '@/lib/engine/http/api-handler'
import { accountLockRequestSchema } from '@/lib/contracts/account'
import { setAccountLock } from '@/lib/engine/referrers/set-account-lock'
import { apiRoute } from '@/lib/engine/http/api-route'
import { accountLockSchema } from '@/lib/contracts/operator'

const handler = apiHandler(
  {
    auth: 'operator',
    body: accountLockRequestSchema,
    response: accountLockSchema,
    errors: ['NichtRegistriert'],
  },
  async ({ tenant, body }) => setAccountLock(tenant, body),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: handler })
