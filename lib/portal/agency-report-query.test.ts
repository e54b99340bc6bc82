import { reportQuery, reportRequestOf } from './agency-report-query'

describe('reportRequestOf', () => {
  it('reads the report state from the address', () => {
    expect(
      reportRequestOf({
        seite: '3',
        sortierung: 'ProduktName',
        aufsteigend: '1',
        von: '2026-01-01',
        bis: '2026-03-31',
        berater: ' SV-1001 ',
        status: 'Lead',
        suche: 'ABC',
      }),
    ).toEqual({
      OrderBy: 'ProduktName',
      Descending: false,
      Pagesize: 20,
      Pagenumber: 3,
      Filter: { Von: '2026-01-01', Bis: '2026-03-31', Agent: 'SV-1001', Status: 'Lead', Suche: 'ABC' },
    })
  })

  it('leaves out what the address holds wrongly instead of failing', () => {
    expect(reportRequestOf({ seite: 'x', von: '01.01.2026', bis: ['2026-02-01', 'x'], suche: '' })).toEqual({
      Descending: true,
      Pagesize: 20,
      Pagenumber: 1,
      Filter: { Bis: '2026-02-01' },
    })
    // Days that do not exist, and a sort key longer than any report's.
    expect(reportRequestOf({ von: '2026-13-45', bis: '2026-02-30', sortierung: 'x'.repeat(41) })).toEqual({
      Descending: true,
      Pagesize: 20,
      Pagenumber: 1,
      Filter: {},
    })
    expect(reportRequestOf({ von: '0000-01-01', bis: '9999-99-99' }).Filter).toEqual({})
    // No page beyond the 10,000 rows a report pages through.
    expect(reportRequestOf({ seite: '999999' }).Pagenumber).toBe(500)
  })
})

describe('reportQuery', () => {
  it('keeps the state and changes only what is asked', () => {
    const params = { liste: 'leads', seite: '2', berater: 'SV-1', other: 'x' }
    expect(reportQuery(params)).toBe('?liste=leads&seite=2&berater=SV-1')
    expect(reportQuery(params, { seite: undefined, sortierung: 'Name' })).toBe(
      '?liste=leads&sortierung=Name&berater=SV-1',
    )
    expect(reportQuery({})).toBe('')
  })
})
