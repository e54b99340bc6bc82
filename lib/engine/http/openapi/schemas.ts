import 'server-only'
import { z, type ZodType } from 'zod'
import de from '@/messages/de.json'
import * as account from '@/lib/contracts/account'
import * as bankData from '@/lib/contracts/bank-data'
import * as catalog from '@/lib/contracts/catalog'
import * as contact from '@/lib/contracts/contact'
import * as content from '@/lib/contracts/content'
import * as customerNumber from '@/lib/contracts/customer-number'
import * as errorEnvelope from '@/lib/contracts/error-envelope'
import * as goodwill from '@/lib/contracts/goodwill'
import * as operator from '@/lib/contracts/operator'
import * as password from '@/lib/contracts/password'
import * as praemierung from '@/lib/contracts/praemierung'
import * as recipient from '@/lib/contracts/recipient'
import * as recommendation from '@/lib/contracts/recommendation'
import * as rewards from '@/lib/contracts/rewards'
import * as routes from '@/lib/contracts/routes'
import * as contentTypes from '@/lib/shared/content/types'
import * as tenantSettings from '@/lib/shared/tenants/settings'

/**
 * The zod contracts as JSON Schema (zod's z.toJSONSchema, draft 2020-12, which OpenAPI 3.1 uses). Every
 * schema a handler declared becomes a component; it is named after its export in the contracts
 * (userSchema → User), a schema declared only in a route file after its call (PostOperatorGutscheineBody).
 * Always the input side: what a caller sends, and what the portal's client accepts of an answer.
 */

export type JsonSchema = Record<string, unknown>

/** The modules whose exported schemas give the components their names. */
const CONTRACTS: readonly object[] = [
  account,
  bankData,
  catalog,
  contact,
  content,
  customerNumber,
  errorEnvelope,
  goodwill,
  operator,
  password,
  praemierung,
  recipient,
  recommendation,
  rewards,
  routes,
  contentTypes,
  tenantSettings,
]

const capitalise = (name: string) => name.charAt(0).toUpperCase() + name.slice(1)

const EXPORT_NAMES = new Map<unknown, string>()
for (const contract of CONTRACTS) {
  for (const [name, value] of Object.entries(contract)) {
    if (value instanceof z.ZodType && name.endsWith('Schema') && !EXPORT_NAMES.has(value))
      EXPORT_NAMES.set(value, capitalise(name.slice(0, -'Schema'.length)))
  }
}

/** Every code of the error catalogue (SPEC §8 plus the API's own). */
export const ERROR_CODES = Object.keys(de.Errors).sort()

const REF_PREFIX = '#/components/schemas/'

export class ComponentSchemas {
  private readonly registry = z.registry<{ id: string }>()
  private readonly ids = new Map<ZodType, string>()
  readonly problems: string[] = []

  /** A reference to the component of `schema`, added under its contract name or else `fallbackName`. */
  ref(schema: ZodType, fallbackName: string): { $ref: string } {
    let id = this.ids.get(schema)
    if (!id) {
      const base = EXPORT_NAMES.get(schema) ?? fallbackName
      id = base
      for (let n = 2; [...this.ids.values()].includes(id); n++) id = `${base}${n}`
      this.registry.add(schema, { id })
      this.ids.set(schema, id)
    }
    return { $ref: `${REF_PREFIX}${id}` }
  }

  /** A schema written out where it is used (a query's parameters), its own parts inline. */
  inline(schema: ZodType, where: string): JsonSchema {
    return strip(z.toJSONSchema(schema, { io: 'input', unrepresentable: this.unrepresentable(where) }))
  }

  /** Whether a body may be left out: its schema accepts the empty body, which the API reads as {}. */
  static acceptsEmpty(schema: ZodType): boolean {
    return schema.safeParse({}).success
  }

  /** The components of every schema referenced so far. */
  components(): Record<string, JsonSchema> {
    const { schemas } = z.toJSONSchema(this.registry, {
      io: 'input',
      uri: (id) => `${REF_PREFIX}${id}`,
      unrepresentable: this.unrepresentable('components'),
    })
    return Object.fromEntries(
      Object.entries(schemas as Record<string, object>).map(([id, schema]) => [id, strip(schema)]),
    )
  }

  /**
   * The error envelope's Code (a z.custom against the catalogue) is the catalogue's codes; anything else
   * without a JSON Schema equivalent is a problem of the description, shown as any value meanwhile.
   */
  private unrepresentable(where: string): z.core.UnrepresentableHandler {
    return ({ zodSchema, path }) => {
      if (zodSchema === errorEnvelope.errorEnvelopeSchema.shape.Code)
        return { type: 'string', enum: ERROR_CODES }
      this.problems.push(`${where}: no JSON Schema for ${path.join('.') || '(root)'}`)
      return 'any' as const
    }
  }
}

/** OpenAPI's components carry neither a dialect of their own nor an id ($id may hold no fragment). */
function strip(schema: object): JsonSchema {
  const { $schema: _schema, $id: _id, ...rest } = schema as JsonSchema
  void _schema
  void _id
  return rest
}
