import 'server-only'
import type { ZodType } from 'zod'
import { statusOf, type ErrorCode } from '@/lib/shared/errors'
import { LOCALES } from '@/lib/i18n/config'
import { methodNotAllowed } from '@/lib/engine/http/api-route'
import type { HandlerMeta, RawAnswer } from '@/lib/engine/http/api-handler'
import { declaredMeta } from '@/lib/engine/http/declared-handler'
import { errorEnvelopeSchema } from '@/lib/contracts/error-envelope'
import { version } from '@/package.json'
import { ComponentSchemas, type JsonSchema } from './schemas'
import {
  errorsOf,
  isCatchAll,
  METHODS,
  operationIdOf,
  pathOf,
  SECURITY_SCHEMES,
  securityOf,
  segmentsOf,
  summaryOf,
  TAG_OF_PREFIX,
  tagPrefixOf,
  TAGS,
  type Method,
  type Segment,
} from './operation'

/**
 * The OpenAPI 3.1 description of the main API (GET /api/v1/openapi.json), built by walking its route
 * modules (route-modules.ts, generated from app/api/v1) and what each handler declared to apiHandler
 * (handlerMeta: callers, body and query schemas, the answer's schema, error codes). Nothing in it is
 * written per call.
 */

/** A route file under app/api/v1: its folder ("[tenant]/account/login"), header comment and module. */
export type RouteModule = { key: string; comment: string; module: Record<string, unknown> }

export type OpenApiDocument = {
  openapi: string
  info: { title: string; version: string; description: string }
  servers: { url: string }[]
  tags: { name: string; description: string }[]
  paths: Record<string, Record<string, Operation>>
  components: Record<string, Record<string, unknown>>
}
type Operation = Record<string, unknown> & { operationId: string; tags: string[] }

/** One call of the description, with where it came from (for the tests). */
export type DescribedCall = { method: Method; key: string; path: string; operationId: string; tag?: string }

const DESCRIPTION =
  'The main API of the referral portal, served by its built-in engine (docs/spec.md §7). Every error ' +
  'answers the envelope { Code, Message } with a code of the catalogue (§8); each call lists the codes ' +
  'it may answer by status. Requests may name their language in X-Accept-Language; writes (and calls ' +
  'that send mail) need X-Requested-With.'

const PARAMETERS = {
  Tenant: {
    name: 'tenant',
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description: 'The tenant (slug)',
  },
  AcceptLanguage: { name: 'X-Accept-Language', in: 'header', schema: { type: 'string', enum: [...LOCALES] } },
  RequestedWith: {
    name: 'X-Requested-With',
    in: 'header',
    required: true,
    schema: { type: 'string' },
    description: 'Any value; demanded on writes, so no foreign page can send them',
  },
}
const param = (name: keyof typeof PARAMETERS) => ({ $ref: `#/components/parameters/${name}` })

export function buildOpenApiDocument(routes: readonly RouteModule[]) {
  const schemas = new ComponentSchemas()
  const errorEnvelope = schemas.ref(errorEnvelopeSchema, 'ErrorEnvelope')
  const paths: OpenApiDocument['paths'] = {}
  const calls: DescribedCall[] = []
  const problems: string[] = []
  for (const route of routes) {
    if (isCatchAll(route.key)) continue
    const segments = segmentsOf(route.key)
    for (const method of METHODS) {
      const handler = route.module[method]
      if (handler === methodNotAllowed) continue
      const label = `${method} ${route.key}`
      const meta = declaredMeta(handler)
      if (!meta) {
        problems.push(`${label}: ${handler === undefined ? 'not exported' : 'a handler without declaration'}`)
        continue
      }
      const operation = describe({ method, route, segments, meta, schemas, errorEnvelope, problems })
      ;(paths[pathOf(segments)] ??= {})[method.toLowerCase()] = operation
      calls.push({ method, key: route.key, path: pathOf(segments), ...operation, tag: operation.tags[0] })
    }
  }
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: { title: 'Referral portal: main API', version, description: DESCRIPTION },
    servers: [{ url: '/api/v1' }],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: { schemas: schemas.components(), parameters: PARAMETERS, securitySchemes: SECURITY_SCHEMES },
  }
  return { document, calls, problems: [...problems, ...schemas.problems] }
}

type Context = {
  method: Method
  route: RouteModule
  segments: Segment[]
  meta: HandlerMeta
  schemas: ComponentSchemas
  errorEnvelope: { $ref: string }
  problems: string[]
}

function describe({ method, route, segments, meta, schemas, errorEnvelope, problems }: Context): Operation {
  const label = `${method} ${route.key}`
  const operationId = operationIdOf(method, segments)
  const name = operationId.charAt(0).toUpperCase() + operationId.slice(1)
  const tenantScoped = segments.some((s) => 'param' in s && s.param === 'tenant')
  const { summary, description } = summaryOf(route.comment, method)
  if (!summary) problems.push(`${label}: no summary in the route file's header comment`)
  const prefix = tagPrefixOf(segments)
  if (!prefix) problems.push(`${label}: no tag (operation.ts TAG_OF_PREFIX)`)
  const { body, query, response, ownBody } = meta.schemas ?? {}
  const requestBody = body ?? ownBody
  const queryJson = query ? schemas.inline(query, `${label} query`) : undefined
  const bodyRef = requestBody ? schemas.ref(requestBody, `${name}Body`) : undefined
  const pathParams = segments.flatMap((s) => ('param' in s && s.param !== 'tenant' ? [s.param] : []))
  const writes = (method !== 'GET' || meta.sendsMail) && !meta.fromServer
  const errors = errorsOf(meta, method, tenantScoped, {
    body: Boolean(requestBody),
    query: Boolean(query),
    params: pathParams.length > 0,
    email:
      requestBody !== undefined && JSON.stringify(schemas.inline(requestBody, label)).includes('"email"'),
  })
  if (!response) problems.push(`${label}: no response declared`)
  return {
    operationId,
    summary,
    description,
    tags: prefix ? [TAG_OF_PREFIX[prefix]!] : [],
    security: securityOf(meta, tenantScoped),
    parameters: [
      ...segments.flatMap((s) =>
        'param' in s
          ? [
              s.param === 'tenant'
                ? param('Tenant')
                : { name: s.param, in: 'path', required: true, schema: { type: 'string' } },
            ]
          : [],
      ),
      ...queryParameters(queryJson),
      ...(tenantScoped ? [param('AcceptLanguage')] : []),
      ...(writes ? [param('RequestedWith')] : []),
    ],
    ...(bodyRef && requestBody
      ? {
          requestBody: {
            required: !ComponentSchemas.acceptsEmpty(requestBody) && !ownBody,
            content: { 'application/json': { schema: bodyRef } },
          },
        }
      : {}),
    responses: {
      ...success(response, schemas, `${name}Response`),
      ...errorResponses(errors, errorEnvelope),
    },
  }
}

/** A query schema's properties as query parameters. */
function queryParameters(json: JsonSchema | undefined) {
  if (!json) return []
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((json.required ?? []) as string[])
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }))
}

function success(response: ZodType | RawAnswer | undefined, schemas: ComponentSchemas, fallbackName: string) {
  if (response === undefined) return { 200: { description: 'Success (not described)' } }
  if ('redirect' in response) {
    return {
      302: { description: 'Sends the browser on', headers: { Location: { schema: { type: 'string' } } } },
    }
  }
  if ('media' in response) {
    const content = Object.fromEntries(
      response.media.map((media) => [media, { schema: { type: 'string', contentMediaType: media } }]),
    )
    return { 200: { description: 'The file', content } }
  }
  return {
    200: {
      description: 'Success',
      content: { 'application/json': { schema: schemas.ref(response, fallbackName) } },
    },
  }
}

/** The error envelope per status, its Code narrowed to the codes that status carries here. */
function errorResponses(codes: ErrorCode[], envelope: { $ref: string }) {
  const byStatus = new Map<number, ErrorCode[]>()
  for (const code of codes) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code])
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      String(status),
      {
        description: list.join(', '),
        content: {
          'application/json': { schema: { allOf: [envelope], properties: { Code: { enum: list } } } },
        },
      },
    ]),
  )
}
