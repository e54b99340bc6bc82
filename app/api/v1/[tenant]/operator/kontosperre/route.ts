// PUT /api/v1/{tenant}/operator/kontosperre — operator: lock one account or lift a lock (audited)
import { accountLockRequestSchema } from '@/lib/contracts/account'
import { setAccountLock } from '@/lib/engine/referrers/set-account-lock'
import { operatorRoute } from '@/lib/engine/http/api-route'
import { accountLockSchema } from '@/lib/contracts/operator'

export const { GET, POST, PUT, DELETE, PATCH } = operatorRoute('PUT', setAccountLock, {
  body: accountLockRequestSchema,
  response: accountLockSchema,
  errors: ['NichtRegistriert'],
})
