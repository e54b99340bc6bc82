import { readFileSync } from 'node:fs'
import { execFileSync } from 'node:child_process'
import path from 'node:path'

/**
 * The import graph of the product code has no circle (README "Architecture"): each module can be
 * understood, loaded and tested with what is below it. eslint.config.mjs keeps the layers' direction;
 * this test finds circles within a layer too, which a per-file lint rule cannot see cheaply.
 */

const SOURCE = /\.(ts|tsx|mjs)$/
const files = execFileSync(
  'git',
  [
    'ls-files',
    '--cached',
    '--others',
    '--exclude-standard',
    'lib',
    'app',
    'components',
    'proxy.ts',
    'instrumentation.ts',
  ],
  {
    encoding: 'utf8',
  },
)
  .split('\n')
  .filter((f) => SOURCE.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.mts'))
const known = new Set(files)
const EXTENSIONS = ['', '.ts', '.tsx', '.mjs', '/index.ts', '/index.tsx']

function resolve(from: string, spec: string): string | null {
  let base: string
  if (spec.startsWith('@/')) base = spec.slice(2)
  else if (spec.startsWith('.')) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec))
  else return null
  for (const extension of EXTENSIONS) if (known.has(base + extension)) return base + extension
  return null
}

/** Value imports only: `import type` and `export type` vanish at compile time and cannot circle. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const specs: string[] = []
  const pattern =
    /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm
  for (const match of text.matchAll(pattern)) {
    if (match[1]) continue
    const spec = match[2] ?? match[3]
    if (spec) specs.push(spec)
  }
  return specs.map((spec) => resolve(file, spec)).filter((f): f is string => f !== null)
}

/** Tarjan's strongly connected components: any component of two or more files is a circle. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0
  const indexOf = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const visit = (node: string) => {
    indexOf.set(node, index)
    low.set(node, index++)
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!indexOf.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, indexOf.get(next)!))
    }
    if (low.get(node) === indexOf.get(node)) {
      const component: string[] = []
      let member: string
      do {
        member = stack.pop()!
        onStack.delete(member)
        component.push(member)
      } while (member !== node)
      if (component.length > 1) found.push(component.sort())
    }
  }
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node)
  return found
}

describe('the import graph', () => {
  const graph = new Map(files.map((f) => [f, importsOf(f)]))

  it('reads the product code', () => {
    expect(graph.size).toBeGreaterThan(300)
    expect(graph.get('lib/engine/db.ts')).toContain('lib/db/client.ts')
  })

  it('finds a circle where there is one', () => {
    const made = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ])
    expect(circles(made)).toEqual([['a.ts', 'b.ts', 'c.ts']])
  })

  it('has no circle', () => {
    expect(circles(graph)).toEqual([])
  })
})
