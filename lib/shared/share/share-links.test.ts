import { DEMO_TENANTS } from '@/lib/engine/tenants/demo-tenants'
import { tenantSettingsSchema, toPublicConfig, type TenantSettingsInput } from '@/lib/shared/tenants/settings'
import {
  CLICK_CHANNEL,
  channelLink,
  groupedChannels,
  markedLink,
  orderedChannels,
  rewardMode,
  rewardSplit,
  SHARE_CHANNELS,
  shareTarget,
  type ShareChannel,
  type ShareTexts,
} from './share-links'

const MINIMAL: TenantSettingsInput = {
  Name: 'Testnetz',
  ProgrammName: 'Testnetz Empfehlen',
  SupportEmail: 'support@testnetz.example',
  MandantUrl: 'https://www.testnetz.example',
}

/** A demo tenant's settings as the portal sees them (parsed, public part). */
const demo = (slug: string) =>
  toPublicConfig(slug, tenantSettingsSchema.parse(DEMO_TENANTS.find((t) => t.slug === slug)!.settings))
    .Settings

const settingsWith = (change: Partial<TenantSettingsInput>) =>
  toPublicConfig('test', tenantSettingsSchema.parse({ ...MINIMAL, ...change })).Settings

type LinkChannel = Exclude<ShareChannel, 'Instagram'>
const LINK_CHANNELS = SHARE_CHANNELS.filter((c): c is LinkChannel => c !== 'Instagram')

const LINK = 'https://empfehlen.lumenta.example/empfehlung/7K3M9QXR2T'

/** Texts with the characters that break a naive URL: &, #, umlauts, line breaks, emoji, + and %. */
function texts(link: string): ShareTexts {
  return {
    short: `Hallo! Lumenta & Co. #1 für Glasfaser –\n70 € Prämie 🎉 + 100% Tempo: ${link}`,
    emailSubject: 'Meine Empfehlung für dich: Lumenta Zuhause M & mehr #günstig',
    emailBody: `Hallo,\n\nich bin Kunde bei Lumenta & sehr zufrieden 😀.\r\nHier mein Link:\n${link}\n\nViele Grüße\nAnna Beispiel`,
  }
}

/** The query parameters of a href, each decoded with decodeURIComponent ('+' is no space in mailto:). */
function params(href: string): Record<string, string> {
  const query = href.slice(href.indexOf('?') + 1)
  return Object.fromEntries(
    query
      .split('&')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=')
        return [pair.slice(0, at), decodeURIComponent(pair.slice(at + 1))]
      }),
  )
}

function targetOf(channel: LinkChannel, facebookId = '') {
  const textsFor = jest.fn(texts)
  const target = shareTarget(channel, LINK, textsFor, { FacebookId: facebookId })
  const own = channelLink(LINK, channel)
  return { target, own, textsFor, sent: texts(own) }
}

describe('orderedChannels', () => {
  it('lists the demo tenant channels by their sort order, SMS and Instagram by their defaults last', () => {
    expect(orderedChannels(demo('demo'))).toEqual([
      'EmailClient',
      'Gmail',
      'Outlook',
      'Yahoo',
      'Whatsapp',
      'Facebook',
      'Xing',
      'LinkedIn',
      'Twitter',
      'Sms',
      'Instagram',
    ])
  })

  it('leaves out the channels demo-closed switches off', () => {
    expect(orderedChannels(demo('demo-closed'))).toEqual(['EmailClient', 'Whatsapp', 'LinkedIn', 'Sms'])
  })

  it('hides a channel set to -1', () => {
    const settings = settingsWith({ ModuleWhatsapp: 1, ModuleXing: -1, ModuleSms: -1, ModuleInstagram: 2 })
    expect(orderedChannels(settings)).toEqual(['Whatsapp', 'Instagram'])
    expect(orderedChannels(settingsWith({ ModuleSms: -1, ModuleInstagram: -1 }))).toEqual([])
  })

  it('sorts by the value, 0 first, and keeps the SPEC order on ties', () => {
    const settings = settingsWith({
      ModuleTwitter: 0,
      ModuleWhatsapp: 5,
      ModuleFacebook: 5,
      ModuleEmailClient: 5,
      ModuleLinkedIn: 3,
      ModuleSms: 5,
      ModuleInstagram: -1,
    })
    expect(orderedChannels(settings)).toEqual([
      'Twitter',
      'LinkedIn',
      'EmailClient',
      'Facebook',
      'Whatsapp',
      'Sms',
    ])
  })

  it('keeps the whole SPEC order when every channel has the same value', () => {
    const all = Object.fromEntries(
      SHARE_CHANNELS.map((c) => [`Module${c}`, 1]),
    ) as Partial<TenantSettingsInput>
    expect(orderedChannels(settingsWith(all))).toEqual([...SHARE_CHANNELS])
  })
})

describe('groupedChannels', () => {
  it("puts the demo tenant's messengers first with WhatsApp at the head, the mail services after", () => {
    expect(groupedChannels(demo('demo'))).toEqual({
      social: ['Whatsapp', 'Facebook', 'Xing', 'LinkedIn', 'Twitter', 'Sms', 'Instagram'],
      mail: ['EmailClient', 'Gmail', 'Outlook', 'Yahoo'],
    })
    expect(groupedChannels(demo('demo-closed'))).toEqual({
      social: ['Whatsapp', 'LinkedIn', 'Sms'],
      mail: ['EmailClient'],
    })
  })

  it('keeps the sort order within each group and leaves out what the tenant switched off', () => {
    const settings = settingsWith({
      ModuleTwitter: 0,
      ModuleWhatsapp: 7,
      ModuleXing: 3,
      ModuleGmail: 1,
      ModuleEmailClient: 4,
      ModuleSms: -1,
      ModuleInstagram: 2,
      ModuleFacebook: -1,
    })
    expect(groupedChannels(settings)).toEqual({
      social: ['Whatsapp', 'Twitter', 'Instagram', 'Xing'],
      mail: ['Gmail', 'EmailClient'],
    })
  })

  it('has no WhatsApp to put first when the tenant switched it off', () => {
    expect(groupedChannels(settingsWith({ ModuleWhatsapp: -1, ModuleFacebook: 1 })).social[0]).toBe(
      'Facebook',
    )
  })
})

describe('rewardMode', () => {
  it('maps the referrer share 100/50/0 to Empfehler/Both/Empfaenger', () => {
    expect(rewardMode(100)).toBe('Empfehler')
    expect(rewardMode(50)).toBe('Both')
    expect(rewardMode(0)).toBe('Empfaenger')
  })
})

describe('rewardSplit', () => {
  it('splits 7000 cents without a cap', () => {
    expect(rewardSplit(7000, 100, null)).toEqual({ referrerCents: 7000, friendCents: 0 })
    expect(rewardSplit(7000, 50, null)).toEqual({ referrerCents: 3500, friendCents: 3500 })
    expect(rewardSplit(7000, 0, null)).toEqual({ referrerCents: 0, friendCents: 7000 })
  })

  it('caps only the friend at MaxEmpfaengerPraemieCent 5500, never the referrer', () => {
    expect(rewardSplit(7000, 100, 5500)).toEqual({ referrerCents: 7000, friendCents: 0 })
    expect(rewardSplit(7000, 50, 5500)).toEqual({ referrerCents: 3500, friendCents: 3500 })
    expect(rewardSplit(7000, 0, 5500)).toEqual({ referrerCents: 0, friendCents: 5500 })
    expect(rewardSplit(20000, 100, 5500)).toEqual({ referrerCents: 20000, friendCents: 0 })
    expect(rewardSplit(20000, 50, 5500)).toEqual({ referrerCents: 10000, friendCents: 5500 })
    expect(rewardSplit(7000, 0, 0)).toEqual({ referrerCents: 0, friendCents: 0 })
  })

  it('loses no cent of an odd amount when shared 50:50 (the referrer gets the odd cent)', () => {
    expect(rewardSplit(7001, 50, null)).toEqual({ referrerCents: 3501, friendCents: 3500 })
    expect(rewardSplit(999, 50, null)).toEqual({ referrerCents: 500, friendCents: 499 })
    expect(rewardSplit(1, 50, null)).toEqual({ referrerCents: 1, friendCents: 0 })
    for (const total of [1, 3, 999, 4999, 7001, 12345]) {
      const { referrerCents, friendCents } = rewardSplit(total, 50, null)
      expect(referrerCents + friendCents).toBe(total)
      expect(Number.isInteger(referrerCents)).toBe(true)
      expect(Math.abs(referrerCents - friendCents)).toBeLessThanOrEqual(1)
    }
    expect(rewardSplit(7001, 100, null)).toEqual({ referrerCents: 7001, friendCents: 0 })
    expect(rewardSplit(7001, 0, null)).toEqual({ referrerCents: 0, friendCents: 7001 })
  })
})

describe('markedLink', () => {
  it("marks the link with any click channel, e.g. the share sheet's", () => {
    expect(markedLink(LINK, 'share')).toBe(`${LINK}?channel=share`)
  })
})

describe('channelLink', () => {
  it('adds the click channel of each channel', () => {
    for (const channel of SHARE_CHANNELS) {
      const url = new URL(channelLink(LINK, channel))
      expect(url.origin + url.pathname).toBe(LINK)
      expect(url.searchParams.get('channel')).toBe(CLICK_CHANNEL[channel])
    }
    expect(channelLink(LINK, 'Whatsapp')).toBe(`${LINK}?channel=whatsapp`)
    expect(channelLink(LINK, 'EmailClient')).toBe(`${LINK}?channel=email`)
  })

  it('keeps an existing query and replaces an existing channel marker', () => {
    expect(channelLink(`${LINK}?h=ab12&widget=1`, 'Sms')).toBe(`${LINK}?h=ab12&widget=1&channel=sms`)
    const replaced = new URL(channelLink(`${LINK}?channel=facebook&h=ab12`, 'LinkedIn'))
    expect(replaced.searchParams.getAll('channel')).toEqual(['linkedin'])
    expect(replaced.searchParams.get('h')).toBe('ab12')
  })
})

describe('shareTarget', () => {
  it('opens WhatsApp with the short text', () => {
    const { target, sent } = targetOf('Whatsapp')
    expect(target.href.startsWith('https://wa.me/?text=')).toBe(true)
    expect(params(target.href)).toEqual({ text: sent.short })
    expect(target).toMatchObject({ channel: 'Whatsapp', external: true })
  })

  it('opens the Facebook share dialog with the app id when FacebookId is set', () => {
    const { target, own, sent } = targetOf('Facebook', '104857600012345')
    expect(target.href.startsWith('https://www.facebook.com/dialog/share?app_id=104857600012345&')).toBe(true)
    expect(params(target.href)).toEqual({
      app_id: '104857600012345',
      display: 'popup',
      href: own,
      quote: sent.short,
    })
    expect(target.external).toBe(true)
  })

  it('falls back to sharer.php without FacebookId', () => {
    const { target, own } = targetOf('Facebook')
    expect(target.href.startsWith('https://www.facebook.com/sharer/sharer.php?u=')).toBe(true)
    expect(params(target.href)).toEqual({ u: own })
    expect(target.external).toBe(true)
  })

  it('opens the X/Twitter intent with the text (without the link) and the link as url', () => {
    const { target, own, sent } = targetOf('Twitter')
    expect(target.href.startsWith('https://twitter.com/intent/tweet?text=')).toBe(true)
    const { text, url } = params(target.href)
    expect(url).toBe(own)
    expect(text).toBe(sent.short.replace(own, '').trim())
    expect(text).toBe('Hallo! Lumenta & Co. #1 für Glasfaser –\n70 € Prämie 🎉 + 100% Tempo:')
    expect(target.external).toBe(true)
  })

  it('opens XING and LinkedIn with the link only', () => {
    const xing = targetOf('Xing')
    expect(xing.target.href.startsWith('https://www.xing.com/spi/shares/new?url=')).toBe(true)
    expect(params(xing.target.href)).toEqual({ url: xing.own })
    const linkedIn = targetOf('LinkedIn')
    expect(linkedIn.target.href.startsWith('https://www.linkedin.com/sharing/share-offsite/?url=')).toBe(true)
    expect(params(linkedIn.target.href)).toEqual({ url: linkedIn.own })
    expect(xing.target.external).toBe(true)
    expect(linkedIn.target.external).toBe(true)
  })

  it('opens the SMS app with the short text', () => {
    const { target, sent } = targetOf('Sms')
    expect(target.href.startsWith('sms:?&body=')).toBe(true)
    expect(params(target.href)).toEqual({ body: sent.short })
    expect(target.external).toBe(false)
  })

  it('opens the mail program with subject and the longer body', () => {
    const { target, sent } = targetOf('EmailClient')
    expect(target.href.startsWith('mailto:?subject=')).toBe(true)
    expect(params(target.href)).toEqual({ subject: sent.emailSubject, body: sent.emailBody })
    expect(target.external).toBe(false)
  })

  it('opens the Gmail, Outlook and Yahoo compose pages with subject and body', () => {
    const gmail = targetOf('Gmail')
    expect(gmail.target.href.startsWith('https://mail.google.com/mail/?view=cm&fs=1&su=')).toBe(true)
    expect(params(gmail.target.href)).toEqual({
      view: 'cm',
      fs: '1',
      su: gmail.sent.emailSubject,
      body: gmail.sent.emailBody,
    })
    const outlook = targetOf('Outlook')
    expect(outlook.target.href.startsWith('https://outlook.live.com/mail/0/deeplink/compose?subject=')).toBe(
      true,
    )
    expect(params(outlook.target.href)).toEqual({
      subject: outlook.sent.emailSubject,
      body: outlook.sent.emailBody,
    })
    const yahoo = targetOf('Yahoo')
    expect(yahoo.target.href.startsWith('https://compose.mail.yahoo.com/?subject=')).toBe(true)
    expect(params(yahoo.target.href)).toEqual({
      subject: yahoo.sent.emailSubject,
      body: yahoo.sent.emailBody,
    })
    for (const { target } of [gmail, outlook, yahoo]) expect(target.external).toBe(true)
  })

  it('is external for every channel except mailto and sms', () => {
    const internal = LINK_CHANNELS.filter((c) => !shareTarget(c, LINK, texts, { FacebookId: '' }).external)
    expect(internal).toEqual(['EmailClient', 'Sms'])
  })

  it.each(LINK_CHANNELS)('builds the %s texts from the link with its own channel marker', (channel) => {
    const { target, own, textsFor } = targetOf(channel, '104857600012345')
    expect(textsFor).toHaveBeenCalledTimes(1)
    expect(textsFor).toHaveBeenCalledWith(own)
    expect(new URL(own).searchParams.get('channel')).toBe(CLICK_CHANNEL[channel])
    expect(target.channel).toBe(channel)
    // The marked link is what the recipient gets, in whichever parameter carries it.
    const carried = Object.values(params(target.href)).filter((value) => value.includes(LINK))
    expect(carried.length).toBeGreaterThan(0)
    for (const value of carried) {
      expect(value).toContain(own)
      for (const other of SHARE_CHANNELS.filter((c) => CLICK_CHANNEL[c] !== CLICK_CHANNEL[channel]))
        expect(value).not.toContain(`channel=${CLICK_CHANNEL[other]}`)
    }
  })

  it.each(LINK_CHANNELS)('encodes the %s address so that no raw special character is left', (channel) => {
    const { target } = targetOf(channel, '104857600012345')
    const query = target.href.slice(target.href.indexOf('?') + 1)
    // Only the unreserved characters of encodeURIComponent, percent escapes and the separators remain.
    expect(query).toMatch(/^[A-Za-z0-9\-_.!~*'()%&=]+$/)
    expect(target.href).not.toMatch(/[\s#äöüß€🎉😀+]/u)
    // Each decoded value is exactly what encodeURIComponent made of it.
    for (const [name, value] of Object.entries(params(target.href)))
      expect(target.href).toContain(`${name}=${encodeURIComponent(value)}`)
  })
})
