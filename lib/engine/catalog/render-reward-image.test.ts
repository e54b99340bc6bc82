import { REWARD_IMAGES } from '@/lib/contracts/rewards'
import {
  renderRewardImage,
  rewardImageTitle,
  shownCents,
  type RewardImageInput,
} from '@/lib/engine/catalog/render-reward-image'
import { BRAND_COLOURS } from '@/lib/engine/catalog/render-product-image'

// The banknote pictures of a reward (SPEC §7.4, §9): the whole amount or half of it, labelled for the
// referrer or the friend, in the brand colours, with every text escaped.

const input = (over: Partial<RewardImageInput> = {}): RewardImageInput => ({
  wertCent: 7000,
  image: 'grafik100',
  brand: 'aurora',
  programme: 'Lumenta Freunde-Bonus',
  locale: 'de',
  ...over,
})

/** The text contents of the picture's <text> and <title> elements, as a viewer reads them. */
const texts = (svg: string) => [...svg.matchAll(/<(?:text|title)[^>]*>([^<]*)</g)].map((m) => m[1])

describe('renderRewardImage', () => {
  it('shows the whole reward on grafik100 and half of it on the grafik50 pictures', () => {
    expect(texts(renderRewardImage(input()))).toEqual([
      'Prämie 70\u00a0€ (100 %)',
      'Lumenta Freunde-Bonus',
      'Prämie',
      '70\u00a0€',
      '100 %',
    ])
    expect(texts(renderRewardImage(input({ image: 'grafik50' })))).toContain('35\u00a0€')
    expect(texts(renderRewardImage(input({ image: 'grafik50empfehler' })))).toEqual(
      expect.arrayContaining(['35\u00a0€', '50 % für Sie', 'Prämie 35\u00a0€ (50 % für Sie)']),
    )
    expect(texts(renderRewardImage(input({ image: 'grafik50empfaenger' })))).toEqual(
      expect.arrayContaining(['35\u00a0€', '50 % für Ihren Freund']),
    )
  })

  it('halves odd amounts without rounding up and writes cents where there are some', () => {
    expect(shownCents(5500, 'grafik50')).toBe(2750)
    expect(shownCents(5501, 'grafik50empfehler')).toBe(2750)
    expect(shownCents(5501, 'grafik100')).toBe(5501)
    expect(texts(renderRewardImage(input({ wertCent: 5500, image: 'grafik50' })))).toContain('27,50\u00a0€')
  })

  it('speaks English when asked', () => {
    const svg = renderRewardImage(input({ image: 'grafik50empfaenger', locale: 'en' }))
    expect(texts(svg)).toEqual(expect.arrayContaining(['Reward', '€35', '50% for your friend']))
    expect(rewardImageTitle({ wertCent: 9000, image: 'grafik50empfehler', locale: 'en' })).toBe(
      'Reward €45 (50% for you)',
    )
  })

  it('escapes the programme name and shortens a long one', () => {
    const svg = renderRewardImage(input({ programme: 'Müller & Söhne <script>alert("x")</script>' }))
    expect(svg).not.toContain('<script>')
    expect(texts(svg)[1]).toBe('Müller &amp; Söhne &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;')
    expect(texts(renderRewardImage(input({ programme: `${'x'.repeat(50)}<&>` })))[1]).toBe(
      `${'x'.repeat(41)}…`,
    )
    // A blank name, or one of characters XML cannot hold, leaves no empty element behind.
    expect(renderRewardImage(input({ programme: '  ' }))).not.toContain('font-size="18"')
    expect(renderRewardImage(input({ programme: '\u0001\u0002' }))).not.toContain('font-size="18"')
  })

  it('draws in the brand colours, at one size, the same bytes for the same input', () => {
    for (const image of REWARD_IMAGES) {
      const svg = renderRewardImage(input({ image, brand: 'fjord' }))
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="320" /)
      expect(svg).toContain(BRAND_COLOURS.fjord.primary)
      expect(svg).not.toContain(BRAND_COLOURS.aurora.primary)
      expect(svg).toBe(renderRewardImage(input({ image, brand: 'fjord' })))
      // Nothing that could run or load: no script, no external reference, no event handler.
      expect(svg).not.toMatch(/<script|href=|\son\w+=|<foreignObject|url\((?!#)/i)
      expect(Buffer.byteLength(svg)).toBeLessThan(6 * 1024)
    }
  })
})
