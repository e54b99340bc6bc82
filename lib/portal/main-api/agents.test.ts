import { callMainApi, MainApiError } from './client'
import { searchAgents } from './agents'

// SPEC §7.1: an agent search that does not answer 200 counts as an empty result (the screen says no agent
// was found, it does not fail).

jest.mock('react', () => ({ cache: (fn: unknown) => fn }))
jest.mock('./client', () => ({ ...jest.requireActual('./client'), callMainApi: jest.fn() }))

const call = jest.mocked(callMainApi)
const demo = { tenant: 'demo', locale: 'de' as const }
const EMPTY = { Content: [], HasNext: false, PageCount: 0, TotalCount: 0 }

beforeEach(() => call.mockReset())

/** The main API answers 200 with `json`, read with the caller's schema as the real client reads it. */
function answers(json: unknown) {
  call.mockImplementationOnce(async (options) => {
    const parsed = options.schema.safeParse(json)
    if (!parsed.success) throw new MainApiError('Default', 200)
    return parsed.data
  })
}

describe('searchAgents', () => {
  it('asks Produkt/berater with query, page and page size and answers the page', async () => {
    const page = {
      Content: [
        {
          ExterneId: 'SV-1001',
          FirstName: 'Jonas',
          LastName: 'Becker',
          ZipCode: '12045',
          City: 'Berlin',
          Photo: '/api/v1/demo/Produkt/SV-1001/grafik',
        },
      ],
      HasNext: false,
      PageCount: 1,
      TotalCount: 1,
    }
    answers(page)
    expect(await searchAgents(demo, { query: 'Becker Berlin', page: 2, pagesize: 6 })).toEqual(page)
    expect(call).toHaveBeenCalledWith(
      expect.objectContaining({ path: '/demo/Produkt/berater?query=Becker+Berlin&page=2&pagesize=6' }),
    )
  })

  it.each([
    ['a refusal', new MainApiError('NichtGefunden', 404)],
    ['a server failure', new MainApiError('Default', 500)],
    ['no answer', new TypeError('fetch failed')],
  ])('counts %s as no agent found', async (_name, failure) => {
    call.mockRejectedValueOnce(failure)
    expect(await searchAgents(demo, { query: 'x', page: 1, pagesize: 6 })).toEqual(EMPTY)
  })

  it('counts an answer of another shape as no agent found', async () => {
    answers({ Berater: [] })
    expect(await searchAgents(demo, { query: 'x', page: 1, pagesize: 6 })).toEqual(EMPTY)
  })

  it('takes an entry without a first name (SPEC §3 names only LastName)', async () => {
    answers({
      Content: [{ ExterneId: 'A1', LastName: 'Becker', ZipCode: '12045', City: 'Berlin', Photo: '/p' }],
      HasNext: false,
      PageCount: 1,
      TotalCount: 1,
    })
    const result = await searchAgents(demo, { query: '', page: 1, pagesize: 6 })
    expect(result.Content[0]).toMatchObject({ FirstName: '', LastName: 'Becker' })
  })
})
