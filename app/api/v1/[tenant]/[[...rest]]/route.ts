// /api/v1/{tenant} and any other /api/v1/{tenant}/… path — answered with the NichtGefunden envelope
import { apiRoute } from '@/lib/engine/http/api-route'
import { notFoundHandler } from '@/lib/engine/http/not-found-handler'

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({}, notFoundHandler)
