import 'server-only'
import { ApiError } from '@/lib/shared/errors'
import { apiHandler } from './api-handler'

/** Main-API paths without a call: the NichtGefunden envelope (an unknown tenant gets MandantUnbekannt). */
export const notFoundHandler = apiHandler({ auth: 'public' }, async () => {
  throw new ApiError('NichtGefunden')
})
