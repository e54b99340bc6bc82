import { readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * Every server action of the production build, from its manifest (`<distDir>/server/
 * server-reference-manifest.json`): the action's id (what a browser sends in Next-Action), its file and
 * export, the pages whose bundles carry it (where the browser posts it), how many arguments it takes
 * (encoded in the id's first byte), and the form field names its file reads, so generated forms use the
 * names the action parses.
 */

export type ServerAction = {
  /** "app/[tenant]/login/actions.ts loginAction" */
  name: string
  id: string
  file: string
  /** Page routes that carry the action, e.g. "app/[tenant]/login/page". */
  pages: string[]
  arity: number
  fields: string[]
}

type Manifest = {
  node: Record<string, { workers: Record<string, unknown>; filename?: string; exportedName?: string }>
}

/** Names every form of the portal may carry, on top of those an action file names itself. */
const COMMON_FIELDS = ['tenant', 'widget', 'redirect', 'email', 'token', 'CaptchaId', 'CaptchaLoesung']

/** Keys of the zod objects an action file declares (`email: emailSchema`, `token: z.string()…`). */
function fieldsOf(file: string): string[] {
  const source = readFileSync(path.resolve(file), 'utf8')
  const keys = [
    ...source.matchAll(
      /\b([A-Za-z_]\w*)\s*:\s*(?:z\.|[a-z]\w*Schema\b|personName|singleLine|freeText|requiredTick)/g,
    ),
  ]
  return [...new Set([...COMMON_FIELDS, ...keys.map((match) => match[1]!)])].sort()
}

/**
 * The number of arguments a client sends: Next writes into the id's first byte which of the first six
 * parameters the action uses (bits 6 to 1, the first parameter highest) and whether it has a rest one.
 */
export function arityOf(id: string): number {
  const byte = parseInt(id.slice(0, 2), 16)
  const used = (byte >> 1) & 0x3f
  let arity = 0
  for (let index = 0; index < 6; index++) if (used & (1 << (5 - index))) arity = index + 1
  return arity + (byte & 1)
}

export function serverActions(distDir = process.env.NEXT_DIST_DIR || '.next'): ServerAction[] {
  const manifest = JSON.parse(
    readFileSync(path.resolve(distDir, 'server', 'server-reference-manifest.json'), 'utf8'),
  ) as Manifest
  return Object.entries(manifest.node)
    .map(([id, entry]): ServerAction => {
      const file = entry.filename ?? '(unknown file)'
      return {
        name: `${file} ${entry.exportedName ?? id}`,
        id,
        file,
        pages: Object.keys(entry.workers).sort(),
        arity: arityOf(id),
        fields: entry.filename ? fieldsOf(entry.filename) : COMMON_FIELDS,
      }
    })
    .sort((a, b) => a.name.localeCompare(b.name))
}

/**
 * The address of a page route for the world's tenant: "app/[tenant]/empfehlen/[produktId]/page" with
 * { produktId: '462' } → "/demo/empfehlen/462".
 */
export function pagePath(page: string, tenant: string, params: (name: string) => string): string {
  const segments = page
    .replace(/^app\//, '')
    .replace(/\/page$/, '')
    .split('/')
  return `/${segments
    .map((segment) => {
      if (segment === '[tenant]') return tenant
      const param = /^\[(\w+)\]$/.exec(segment)
      return param ? params(param[1]!) : segment
    })
    .join('/')}`
}
