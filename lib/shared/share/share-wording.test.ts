import { createTranslator } from 'next-intl'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import type { Locale } from '@/lib/i18n/config'
import { friendReward, sheetText, shareWording, type ShareWordingInput } from './share-texts'
import { storyWording } from './story-wording'

const MESSAGES = { de, en }
const LINK = 'https://empfehlen.lumenta.example/empfehlung/7K3M9QXR2T?channel=whatsapp'

const shareT = (locale: Locale) =>
  createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Share.Messages' })
const storyT = (locale: Locale) => {
  const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: 'Story' })
  return (key: Parameters<typeof t>[0], values?: Record<string, string>) => t(key, values)
}

const input = (change: Partial<ShareWordingInput> = {}): ShareWordingInput => ({
  mandant: 'Lumenta Telekom',
  produkt: 'Lumenta Zuhause M',
  vorname: 'Erika',
  nachname: 'Probe',
  totalCents: 7000,
  anteilEmpfehler: 100,
  maxRecipientCents: null,
  locale: 'de',
  ...change,
})

/** All words of a story picture in one string, as a friend reads them. */
function storyText(change: Partial<ShareWordingInput>, benefit: string | null = '50 MBit/s Download') {
  const i = input(change)
  const words = storyWording(storyT(i.locale), {
    reward: friendReward(i),
    product: i.produkt,
    benefit,
    locale: i.locale,
  })
  return [
    words.headline,
    words.product,
    words.benefit?.label,
    words.benefit?.text,
    words.reward?.label,
    words.reward?.amount,
    words.reward?.caption,
    words.reward?.forMe,
  ]
    .filter(Boolean)
    .join(' | ')
    .replace(/\u00a0/g, ' ')
}

describe('friendReward', () => {
  it('speaks in the recommendation mode while the friend gets a part', () => {
    expect(friendReward({ totalCents: 7000, anteilEmpfehler: 100, maxRecipientCents: null })).toEqual({
      mode: 'Empfehler',
      referrerCents: 7000,
      friendCents: 0,
    })
    expect(friendReward({ totalCents: 7000, anteilEmpfehler: 50, maxRecipientCents: null }).mode).toBe('Both')
    expect(friendReward({ totalCents: 7000, anteilEmpfehler: 0, maxRecipientCents: null }).mode).toBe(
      'Empfaenger',
    )
  })

  it('promises the friend nothing when his part comes to nothing (no reward, a cap of 0)', () => {
    expect(friendReward({ totalCents: 0, anteilEmpfehler: 0, maxRecipientCents: null }).mode).toBe(
      'Empfehler',
    )
    expect(friendReward({ totalCents: 7000, anteilEmpfehler: 50, maxRecipientCents: 0 }).mode).toBe(
      'Empfehler',
    )
  })
})

describe('storyWording (the Instagram story picture)', () => {
  it('referrer keeps 100 %: the tip with the product and its benefit, no reward figure at all', () => {
    const text = storyText({ anteilEmpfehler: 100 })
    expect(text).toBe('Mein Tipp für dich | Lumenta Zuhause M | Darum lohnt es sich | 50 MBit/s Download')
    expect(text).not.toMatch(/€|Prämie/)
  })

  it('referrer keeps 100 % and the catalogue has no benefit: the product alone', () => {
    expect(storyText({ anteilEmpfehler: 100 }, null)).toBe('Mein Tipp für dich | Lumenta Zuhause M')
  })

  it('friend gets it all: "Für dich" with his amount, nothing about the referrer', () => {
    expect(storyText({ anteilEmpfehler: 0 })).toBe(
      'Mein Tipp für dich | Lumenta Zuhause M | Für dich | 70 € | Prämie bei Vertragsabschluss',
    )
  })

  it('friend gets it all under a cap: the capped amount', () => {
    expect(storyText({ anteilEmpfehler: 0, maxRecipientCents: 5500 })).toContain('Für dich | 55 € |')
  })

  it("50:50: both parts, the friend's first", () => {
    expect(storyText({ anteilEmpfehler: 50 })).toBe(
      'Mein Tipp für dich | Lumenta Zuhause M | Für dich | 35 € | Prämie bei Vertragsabschluss | Und für mich: 35 € Prämie',
    )
  })

  it('50:50 with a cap of 0 for the friend: no figure, the tip instead', () => {
    expect(storyText({ anteilEmpfehler: 50, maxRecipientCents: 0 })).not.toMatch(/€/)
  })

  it('in English by the same rule', () => {
    expect(storyText({ anteilEmpfehler: 100, locale: 'en' }, '50 Mbit/s download')).toBe(
      'My tip for you | Lumenta Zuhause M | Why it is worth it | 50 Mbit/s download',
    )
    expect(storyText({ anteilEmpfehler: 0, locale: 'en' })).toBe(
      'My tip for you | Lumenta Zuhause M | For you | €70 | reward when you sign up',
    )
  })
})

describe('shareWording (the channel texts)', () => {
  const plain = (s: string) => s.replace(/\u00a0/g, ' ')

  it('referrer keeps 100 %: the recommendation without any reward figure, in every text', () => {
    const w = shareWording(shareT('de'), input({ anteilEmpfehler: 100 }))
    expect(w.praemie).toBe('')
    const texts = w.texts(LINK)
    expect(texts.short).toBe(
      `Hallo! Ich bin Kunde bei Lumenta Telekom und kann Lumenta Zuhause M wirklich empfehlen. Schau es dir hier an: ${LINK}`,
    )
    for (const text of Object.values(texts)) expect(text).not.toMatch(/€|Prämie/)
    expect(texts.emailBody).toContain('Viele Grüße\nErika Probe')
  })

  it('friend gets it all: his amount', () => {
    const texts = shareWording(shareT('de'), input({ anteilEmpfehler: 0 })).texts(LINK)
    expect(plain(texts.short)).toBe(
      `Hallo! Ich bin Kunde bei Lumenta Telekom und kann Lumenta Zuhause M wirklich empfehlen. Wenn du über meinen Link bestellst, erhältst du 70 € Prämie: ${LINK}`,
    )
    expect(plain(texts.emailBody)).toContain('erhältst du 70 € Prämie:')
  })

  it('50:50: the friend\'s half, "wir beide"', () => {
    const texts = shareWording(shareT('de'), input({ anteilEmpfehler: 50 })).texts(LINK)
    expect(plain(texts.short)).toContain('erhalten wir beide 35 € Prämie:')
    expect(plain(texts.emailBody)).toContain('erhalten wir beide 35 € Prämie:')
  })

  it("a friend's part of nothing (cap 0, no reward) promises nothing", () => {
    for (const change of [
      { anteilEmpfehler: 0, maxRecipientCents: 0 },
      { anteilEmpfehler: 0, totalCents: 0 },
    ]) {
      const texts = shareWording(shareT('de'), input(change)).texts(LINK)
      expect(texts.short).not.toMatch(/€|Prämie/)
    }
  })

  it('in English by the same rule', () => {
    expect(shareWording(shareT('en'), input({ anteilEmpfehler: 100, locale: 'en' })).texts(LINK).short).toBe(
      `Hi! I am a customer of Lumenta Telekom and can really recommend Lumenta Zuhause M. Have a look here: ${LINK}`,
    )
    expect(
      plain(shareWording(shareT('en'), input({ anteilEmpfehler: 0, locale: 'en' })).texts(LINK).short),
    ).toContain('you get a €70 reward:')
  })
})

describe('sheetText', () => {
  it('drops the link and the colon before it: the share sheet adds the link itself', () => {
    expect(sheetText(`Schau es dir hier an: ${LINK}`, LINK)).toBe('Schau es dir hier an')
    expect(sheetText(`Prämie: ${LINK}`, LINK)).toBe('Prämie')
    expect(sheetText('Ohne Link', LINK)).toBe('Ohne Link')
  })
})
