import path from 'node:path'
import { DOCUMENT_ROUTE_COMMENT, ROUTE_MODULES } from '@/app/api/v1/openapi.json/route-modules'
import { methodNotAllowed } from '@/lib/engine/http/api-route'
import { declaredMeta } from '@/lib/engine/http/declared-handler'
import { buildOpenApiDocument, type OpenApiDocument } from './document'
import { isCatchAll, METHODS, TAG_OF_PREFIX, TAGS } from './operation'
import { DOCUMENT_ROUTE, readRouteFiles } from './route-files.mjs'
import { openApiRoute } from './serve'

// The description of the main API (GET /api/v1/openapi.json) against the route files on disk: every
// method of every route file is in it, nothing else is, each with what a client needs; and the document
// is OpenAPI 3.1 in shape, every $ref resolving.

const FILES = readRouteFiles()
const ROUTES = openApiRoute(ROUTE_MODULES, DOCUMENT_ROUTE_COMMENT).routes
const { document, calls, problems } = buildOpenApiDocument(ROUTES)
const REGENERATE = 'out of date: run `node scripts/api-route-modules.mjs`'

describe('the route modules the description walks (route-modules.ts)', () => {
  it(`are the route files under app/api/v1 with their header comments (else ${REGENERATE})`, () => {
    expect(ROUTES.map((r) => [r.key, r.comment]).sort()).toEqual(FILES.map((f) => [f.key, f.comment]).sort())
  })

  it("are the modules of those files, and the description's own route serves it", async () => {
    for (const file of FILES) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const onDisk = require(path.resolve(file.file)) as Record<string, unknown>
      if (file.key === DOCUMENT_ROUTE) {
        expect(declaredMeta(onDisk.GET)).toBeDefined()
        const answer = await (onDisk.GET as (r: Request, c: object) => Promise<Response>)(
          new Request('http://localhost/api/v1/openapi.json'),
          { params: Promise.resolve({}) },
        )
        expect(await answer.json()).toEqual(JSON.parse(JSON.stringify(document)))
        continue
      }
      const listed = ROUTES.find((r) => r.key === file.key)!.module
      for (const method of METHODS)
        expect([file.key, method, listed[method]]).toEqual([file.key, method, onDisk[method]])
    }
  })
})

describe('the OpenAPI description of the main API', () => {
  it('has a declaration, a summary, a tag and an answer for every call', () => {
    expect(problems).toEqual([])
  })

  it('describes every method of every route file, and no call that does not exist', () => {
    const offered = ROUTES.filter((r) => !isCatchAll(r.key)).flatMap((r) =>
      METHODS.filter((m) => r.module[m] !== methodNotAllowed).map((m) => `${m} ${r.key}`),
    )
    expect(offered.length).toBeGreaterThan(90)
    expect(calls.map((c) => `${c.method} ${c.key}`).sort()).toEqual(offered.sort())
    const documented = Object.entries(document.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    )
    expect(documented.sort()).toEqual(calls.map((c) => `${c.method} ${c.path}`).sort())
  })

  it('names each call uniquely and tags it by its aggregate; every tag and prefix is used', () => {
    const ids = calls.map((c) => c.operationId)
    expect(new Set(ids).size).toBe(ids.length)
    const used = new Set(calls.map((c) => c.tag))
    expect(Object.keys(TAGS).filter((tag) => !used.has(tag))).toEqual([])
    const prefixes = Object.keys(TAG_OF_PREFIX)
    const paths = calls.map((c) => c.key.replace(/^\[tenant\]\//, '').replace(/\[\w+\]/g, '{}'))
    expect(prefixes.filter((p) => !paths.some((k) => k === p || k.startsWith(`${p}/`)))).toEqual([])
  })

  it('is OpenAPI 3.1 in shape', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/)
    expect(document.info).toEqual(
      expect.objectContaining({ title: expect.any(String), version: expect.any(String) }),
    )
    expect(Object.keys(document.paths).every((p) => p.startsWith('/'))).toBe(true)
    for (const [p, operations] of Object.entries(document.paths)) {
      const params = [...p.matchAll(/\{(\w+)\}/g)].map(([, name]) => name)
      for (const [method, op] of Object.entries(operations)) {
        const where = `${method} ${p}`
        expect([where, ['get', 'post', 'put', 'delete', 'patch'].includes(method)]).toEqual([where, true])
        const declared = (op.parameters as Parameter[]).map((x) => resolve(document, x))
        const inPath = declared.filter((x) => x.in === 'path').map((x) => x.name)
        expect([where, inPath.sort()]).toEqual([where, [...params].sort()])
        expect([where, declared.every((x) => x.in !== 'path' || x.required === true)]).toEqual([where, true])
        const responses = Object.keys(op.responses as object)
        expect([where, responses.every((s) => /^[1-5]\d\d$/.test(s))]).toEqual([where, true])
        expect([where, responses.some((s) => /^[23]/.test(s))]).toEqual([where, true])
        expect([where, responses.some((s) => /^[45]/.test(s))]).toEqual([where, true])
        for (const requirement of op.security as Record<string, string[]>[])
          for (const scheme of Object.keys(requirement))
            expect([where, scheme in document.components.securitySchemes!]).toEqual([where, true])
      }
    }
  })

  it('resolves every $ref', () => {
    const refs = collectRefs(document)
    expect(refs.length).toBeGreaterThan(100)
    expect(refs.filter((ref) => pointer(document, ref) === undefined)).toEqual([])
  })

  it('describes the error envelope with the catalogue codes, per status', () => {
    const login = document.paths['/{tenant}/account/login']!.post!
    const responses = login.responses as Record<
      string,
      { content: Record<string, { schema: { properties: object } }> }
    >
    expect(responses['401']!.content['application/json']!.schema.properties).toEqual({
      Code: { enum: ['PasswortOderEmailFalsch', 'PSOF0204'] },
    })
    const envelope = document.components.schemas!.ErrorEnvelope as {
      properties: { Code: { enum: string[] } }
    }
    expect(envelope.properties.Code.enum).toEqual(expect.arrayContaining(['PSOF0204', 'UngueltigeEingabe']))
  })

  it('derives security from what each handler declared', () => {
    const security = (p: string, m: string) => document.paths[p]![m]!.security
    expect(security('/{tenant}/account/user', 'get')).toEqual([{ bearerToken: ['referrer'] }])
    expect(security('/{tenant}/praemierung', 'put')).toEqual([
      { bearerToken: ['referrer', 'recipient'] },
      { rewardLinkToken: [] },
    ])
    expect(security('/{tenant}/operator/kontosperre', 'put')).toEqual([{ operatorKey: [] }])
    expect(security('/mandant/{tenant}', 'put')).toEqual([{ operatorKey: [] }])
    expect(security('/{tenant}/account/login', 'post')).toEqual([{}, { bearerToken: [] }])
    expect(security('/openapi.json', 'get')).toEqual([])
  })
})

type Parameter = { $ref?: string; name?: string; in?: string; required?: boolean }

function resolve(doc: OpenApiDocument, parameter: Parameter): Parameter {
  return parameter.$ref ? (pointer(doc, parameter.$ref) as Parameter) : parameter
}

function pointer(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      doc,
    )
}

function collectRefs(node: unknown): string[] {
  if (Array.isArray(node)) return node.flatMap(collectRefs)
  if (!node || typeof node !== 'object') return []
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' ? [value] : collectRefs(value),
  )
}
