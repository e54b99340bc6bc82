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
