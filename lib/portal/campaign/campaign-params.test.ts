import { campaignFromQuery, channelOf } from './campaign-params'

const query = (search: string) => new URLSearchParams(search)

describe('campaign parameters of an address', () => {
  it('reads channel, its short form c, and the Matomo campaign names', () => {
    expect(campaignFromQuery(query('channel=newsletter&pk_campaign=herbst-2026'))).toEqual({
      channel: 'newsletter',
      kampagne: 'herbst-2026',
    })
    expect(campaignFromQuery(query('c=flyer'))).toEqual({ channel: 'flyer' })
    expect(campaignFromQuery(query('mtm_campaign=winter'))).toEqual({ kampagne: 'winter' })
  })

  it('prefers channel over c and pk_campaign over mtm_campaign', () => {
    expect(campaignFromQuery(query('c=b&channel=a&mtm_campaign=d&pk_campaign=c'))).toEqual({
      channel: 'a',
      kampagne: 'c',
    })
  })

  it('ignores values that are not single words, and addresses without a campaign', () => {
    expect(campaignFromQuery(query('channel=%3Cscript%3E&c='))).toBeNull()
    expect(campaignFromQuery(query('channel=' + 'x'.repeat(41)))).toBeNull()
    expect(campaignFromQuery(query('widget=1'))).toBeNull()
  })

  it('records the channel, else the campaign', () => {
    expect(channelOf({ channel: 'a', kampagne: 'b' })).toBe('a')
    expect(channelOf({ kampagne: 'b' })).toBe('b')
    expect(channelOf(null)).toBeUndefined()
  })
})
