// Any other /api/v1/{tenant}/… path — answered with the NichtGefunden envelope
import { apiHandler } from '@/lib/engine/http/api-handler'
import { ApiError } from '@/lib/errors'

const notFound = apiHandler({ auth: 'public' }, async () => {
  throw new ApiError('NichtGefunden')
})

export { notFound as GET, notFound as POST, notFound as PUT, notFound as DELETE, notFound as PATCH }
