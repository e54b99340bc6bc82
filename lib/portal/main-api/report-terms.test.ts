import { MainApiError } from './client'
import type { ReportRequest } from '@/lib/contracts/agency'
import { inReportTerms } from './agency'

const request: ReportRequest = {
  OrderBy: 'Unbekannt',
  Descending: true,
  Pagesize: 20,
  Pagenumber: 1,
  Filter: { Von: '2020-01-01', Bis: '2026-01-31', Agent: 'SV-1001' },
}
const refusal = (...fields: string[]) =>
  new MainApiError(
    'UngueltigeEingabe',
    400,
    fields.map((Field) => ({ Field, Code: 'option' })),
  )

describe('inReportTerms', () => {
  it('reads as asked when the report takes it', async () => {
    const read = jest.fn(async () => 'page')
    expect(await inReportTerms(request, read)).toBe('page')
    expect(read).toHaveBeenCalledTimes(1)
  })

  it('reads again in the report’s own order when the sort key is unknown', async () => {
    const read = jest.fn(async (asked: ReportRequest) => {
      if (asked.OrderBy) throw refusal('OrderBy')
      return asked
    })
    expect(await inReportTerms(request, read)).toEqual({ ...request, OrderBy: undefined })
  })

  it('reads again over the default period when the period is refused, keeping the other filters', async () => {
    const read = jest.fn(async (asked: ReportRequest) => {
      if (asked.Filter.Von) throw refusal('Filter.Von')
      return asked.Filter
    })
    expect(await inReportTerms(request, read)).toEqual({ Agent: 'SV-1001' })
  })

  it('passes on any other refusal, and a second one', async () => {
    await expect(inReportTerms(request, async () => Promise.reject(refusal('Filter.Agent')))).rejects.toThrow(
      'UngueltigeEingabe',
    )
    await expect(inReportTerms(request, async () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    )
    const twice = jest.fn(async () => Promise.reject(refusal('OrderBy')))
    await expect(inReportTerms(request, twice)).rejects.toThrow('UngueltigeEingabe')
    expect(twice).toHaveBeenCalledTimes(2)
  })
})
