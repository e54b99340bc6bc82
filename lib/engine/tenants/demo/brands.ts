import type { Brand } from './types'

/** The demo tenants' invented providers (no real company is meant). */
export const LUMENTA: Brand = { name: 'Lumenta', prefix: 'LUM', code: 'LT' }
export const FJORDNET: Brand = { name: 'Fjordnet', prefix: 'FJN', code: 'FN' }
