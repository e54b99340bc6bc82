// /api/v1/{tenant} and any other /api/v1/{tenant}/… path — answered with the NichtGefunden envelope
import { notFoundHandler } from '@/lib/engine/http/not-found-handler'

export {
  notFoundHandler as GET,
  notFoundHandler as POST,
  notFoundHandler as PUT,
  notFoundHandler as DELETE,
  notFoundHandler as PATCH,
}
