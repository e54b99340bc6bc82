import 'server-only'
import { getTableColumns, getTableName, sql, type Column, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'

// Statements of the busiest paths (every logged-in call's session check, a recommendation's creation)
// as SQL templates of text and values. drizzle's builder assembles a statement anew on every call, part
// by part, and identifies each part by walking its class chain: on PostgreSQL that was about a third
// of the server's time per recommendation. A template's parts are text and plain values, which cost a
// fraction of that. The column lists come from the schema, and the rows are decoded by the columns'
// own decoders, so they are exactly what drizzle's select() answers. A value in a template is sent as a
// parameter, except that an array becomes a parenthesised list and `undefined` no text at all (where
// drizzle's eq() would send a null): pass neither where a value is meant.

type Shape = {
  /** The table's columns as a select or returning list. */
  list: SQL
  /** By the column's name in the database: the row's key and the column (its decoder). */
  byName: Map<string, { key: string; column: Column }>
  /** The row's keys of every column. */
  keys: string[]
  /** By the row's key: the column's quoted name and the column (its encoder). */
  byKey: Map<string, { quoted: string; column: Column }>
  quotedName: string
  /** Insert templates by the keys given, in their order. */
  inserts: Map<string, TemplateStringsArray>
}

const shapes = new WeakMap<PgTable, Shape>()

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

function shapeOf(table: PgTable): Shape {
  let shape = shapes.get(table)
  if (shape) return shape
  const columns = Object.entries(getTableColumns(table)) as [string, Column][]
  shape = {
    list: sql.raw(columns.map(([, column]) => quote(column.name)).join(', ')),
    byName: new Map(columns.map(([key, column]) => [column.name, { key, column }])),
    keys: columns.map(([key]) => key),
    byKey: new Map(columns.map(([key, column]) => [key, { quoted: quote(column.name), column }])),
    quotedName: quote(getTableName(table)),
    inserts: new Map(),
  }
  shapes.set(table, shape)
  return shape
}

/** Every column of the table, as `select ${columnsOf(t)} from …` or `returning ${columnsOf(t)}` lists them. */
export function columnsOf(table: PgTable): SQL {
  return shapeOf(table).list
}

/**
 * The rows of a statement that selects or returns columns of one table under their own names, keyed
 * and typed as drizzle's select() answers them: every column (as columnsOf lists them), or the `keys`
 * given. A row with any other set of columns is refused, so a row never claims a field it lacks.
 */
export function rowsOf<T extends PgTable>(table: T, result: unknown): T['$inferSelect'][]
export function rowsOf<T extends PgTable, K extends keyof T['$inferSelect'] & string>(
  table: T,
  result: unknown,
  keys: readonly K[],
): Pick<T['$inferSelect'], K>[]
export function rowsOf(table: PgTable, result: unknown, keys?: readonly string[]): Record<string, unknown>[] {
  const shape = shapeOf(table)
  const { byName } = shape
  const expected = keys ?? shape.keys
  return (result as { rows: Record<string, unknown>[] }).rows.map((raw) => {
    const row: Record<string, unknown> = {}
    let count = 0
    for (const name in raw) {
      const field = byName.get(name)
      if (!field) throw new Error(`column "${name}" is not one of the table's`)
      const value = raw[name]
      row[field.key] = value === null ? null : field.column.mapFromDriverValue(value)
      count++
    }
    if (count !== expected.length || expected.some((key) => !(key in row)))
      throw new Error(`the row has the columns ${Object.keys(row).join(', ')}, not ${expected.join(', ')}`)
    return row
  })
}

/** The keys of a row that has a value for them (undefined: the column's default). */
const givenKeys = (row: Record<string, unknown>) => Object.keys(row).filter((key) => row[key] !== undefined)

/**
 * `insert into "table" (…) values (…), (…)` of rows with the same keys, each value written by its
 * column's encoder; a key left undefined (in every row) gets the column's default, as with drizzle's
 * insert. The text is made once per table, set of keys and number of rows; what follows (`on conflict`,
 * `returning`) is the caller's.
 */
export function insertRows<T extends PgTable>(table: T, rows: T['$inferInsert'][]): SQL {
  const shape = shapeOf(table)
  const first = rows[0] as Record<string, unknown> | undefined
  if (!first) throw new Error(`an insert into ${shape.quotedName} needs a row`)
  const keys = givenKeys(first)
  if (keys.length === 0) throw new Error(`an insert into ${shape.quotedName} needs a value`)
  const fields = keys.map((key) => {
    const field = shape.byKey.get(key)
    if (!field) throw new Error(`"${key}" is not a column of ${shape.quotedName}`)
    return field
  })
  const params: unknown[] = []
  for (const row of rows as Record<string, unknown>[]) {
    if (givenKeys(row).length !== keys.length || keys.some((key) => row[key] === undefined))
      throw new Error(`the rows of an insert into ${shape.quotedName} differ in their keys`)
    keys.forEach((key, i) => {
      const value = row[key]
      const encoded = value === null ? null : fields[i]!.column.mapToDriverValue(value)
      // A template reads an array as a list of values: no column of this schema encodes to one.
      if (Array.isArray(encoded))
        throw new Error(`${shape.quotedName}.${fields[i]!.quoted} encodes to a list`)
      params.push(encoded)
    })
  }
  const signature = `${rows.length}:${keys.join(',')}`
  let strings = shape.inserts.get(signature)
  if (!strings) {
    const head = `insert into ${shape.quotedName} (${fields.map((f) => f.quoted).join(', ')}) values (`
    const parts = [head]
    for (let r = 0; r < rows.length; r++) {
      if (r > 0) parts.push('), (')
      for (let k = 1; k < keys.length; k++) parts.push(', ')
    }
    parts.push(')')
    strings = Object.assign(parts, { raw: parts }) as TemplateStringsArray
    shape.inserts.set(signature, strings)
  }
  return sql(strings, ...params)
}
