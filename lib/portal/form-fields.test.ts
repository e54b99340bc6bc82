import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { formFields } from './form-fields'

describe('formFields', () => {
  it('reads the fields of a form (the last of a repeated name)', () => {
    const form = new FormData()
    form.append('tenant', 'demo')
    form.append('email', 'a@example.org')
    form.append('email', 'b@example.org')
    expect(formFields(form)).toEqual({ tenant: 'demo', email: 'b@example.org' })
  })

  it.each([undefined, null, 'demo', 42, ['tenant', 'demo'], [['tenant', 'demo']], { tenant: 'demo' }])(
    'gives no fields for an argument that is no form: %j',
    (argument) => {
      expect(formFields(argument)).toEqual({})
    },
  )
})

describe('every server action starts with formFields or actionStarted', () => {
  /** Top-level functions of a file: name and body, up to the closing brace in column 0. */
  function functionsOf(source: string) {
    return [...source.matchAll(/^(export )?async function (\w+)[\s\S]*?\n\}/gm)].map((match) => ({
      exported: Boolean(match[1]),
      name: match[2]!,
      body: match[0],
    }))
  }

  function actionFiles(dir: string): string[] {
    return readdirSync(dir).flatMap((entry) => {
      const full = path.join(dir, entry)
      if (statSync(full).isDirectory()) return actionFiles(full)
      return /\.tsx?$/.test(entry) && /^'use server'/m.test(readFileSync(full, 'utf8')) ? [full] : []
    })
  }

  // lib/edge/action-decoding.mjs answers a 500 before that mark with 400: an action that never marks
  // would have its own failures reported as the client's.
  it.each(actionFiles('app'))('%s', (file) => {
    const functions = functionsOf(readFileSync(file, 'utf8'))
    const marks = (body: string) => /\b(formFields|actionStarted)\(/.test(body)
    const helpers = functions.filter((f) => !f.exported && marks(f.body)).map((f) => f.name)
    const exported = functions.filter((f) => f.exported)
    expect(exported.length).toBeGreaterThan(0)
    for (const action of exported) {
      const first = marks(action.body) || helpers.some((name) => action.body.includes(`${name}(`))
      expect({ action: action.name, marks: first }).toEqual({ action: action.name, marks: true })
    }
  })
})
