import { z } from 'zod'

/**
 * The ids of products, devices, campaigns and rewards: whole numbers from 1 up to what a PostgreSQL
 * integer column holds. A larger number is refused as input (400) instead of failing the query (500).
 */
export const MAX_NUMERIC_ID = 2_147_483_647

/** An id in a JSON body. */
export const numericId = z.number().int().min(1).max(MAX_NUMERIC_ID)

/** An id in a path or query (text that must read as such a number). */
export const numericIdParam = z.coerce.number().int().min(1).max(MAX_NUMERIC_ID)
