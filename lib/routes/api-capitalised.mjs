// @ts-check
/**
 * The SPEC writes some main-API paths capitalised (Empfehlen/create, Produkt/{id}, Einladung, …) while
 * the route folders under app/api/v1/[tenant] are lower case: the word right after the tenant is
 * answered by its lower-case route. next.config.mjs rewrites HTTP requests so; the in-process transport
 * (lib/engine/http/in-process.ts) maps its paths the same way, from this one list.
 */
export const API_CAPITALISED = /** @type {const} */ ([
  'Empfehlen',
  'Empfehler',
  'Empfehlung',
  'Empfaenger',
  'Produkt',
  'Einladung',
  'Aktion',
])
