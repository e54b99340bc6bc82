import { aktionenSchema } from '@/lib/contracts/catalog'
import { call, expectError } from '../support/http'

// GET /api/v1/{tenant}/aktion/alleAktiven (SPEC §3 Campaign, §7.6): the campaigns running today.

describe('GET /api/v1/{tenant}/aktion/alleAktiven', () => {
  it('answers the running campaigns in their order, with consent flag and unticked box', async () => {
    const response = await call('/api/v1/demo/aktion/alleAktiven')
    expect(response.status).toBe(200)
    const campaigns = aktionenSchema.parse(response.json)
    expect(campaigns.map((c) => c.Titel)).toEqual(['Winter-Gewinnspiel', 'Glasfaser-Bonus'])
    expect(campaigns[0]).toMatchObject({ AktionsId: 1, Zustimmung: true, abgehakt: false })
    expect(campaigns[0]!.RechtsText).toMatch(
      /^Ich bin einverstanden, dass Lumenta Telekom mich im Gewinnfall/,
    )
    expect(campaigns[1]).toMatchObject({ AktionsId: 2, Zustimmung: false, RechtsText: '' })
  })

  it('speaks English on request; a tenant without campaigns answers an empty list', async () => {
    const english = aktionenSchema.parse(
      (await call('/api/v1/demo/aktion/alleAktiven', { locale: 'en' })).json,
    )
    expect(english.map((c) => c.Titel)).toEqual(['Winter prize draw', 'Glass fibre bonus'])
    const closed = await call('/api/v1/demo-closed/aktion/alleAktiven')
    expect([closed.status, closed.json]).toEqual([200, []])
  })

  it('refuses other methods and unknown tenants', async () => {
    expectError(
      await call('/api/v1/demo/aktion/alleAktiven', { method: 'POST', body: {} }),
      405,
      'MethodeNichtErlaubt',
    )
    expectError(await call('/api/v1/gibtesnicht/aktion/alleAktiven'), 404, 'MandantUnbekannt')
  })
})
