import { render, screen, within } from '@testing-library/react'
import { NextIntlClientProvider } from 'next-intl'
import de from '@/messages/de.json'
import type { ShareTexts } from '@/lib/shared/share/share-links'
import { tenantSettingsSchema, toPublicConfig, type TenantSettingsInput } from '@/lib/shared/tenants/settings'
import { ShareChannels } from './share-channels'

const LINK = 'https://empfehlen.lumenta.example/empfehlung/7K3M9QXR2T'

const settingsWith = (change: Partial<TenantSettingsInput>) =>
  toPublicConfig(
    'test',
    tenantSettingsSchema.parse({
      Name: 'Testnetz',
      ProgrammName: 'Testnetz Empfehlen',
      SupportEmail: 'support@testnetz.example',
      MandantUrl: 'https://www.testnetz.example',
      ...change,
    }),
  ).Settings

/** The demo tenant's channel order: the four mail services before WhatsApp (SPEC §3 sort values). */
const DEMO_ORDER: Partial<TenantSettingsInput> = {
  ModuleEmailClient: 1,
  ModuleGmail: 2,
  ModuleOutlook: 3,
  ModuleYahoo: 4,
  ModuleWhatsapp: 5,
  ModuleFacebook: 6,
  ModuleXing: 7,
  ModuleLinkedIn: 8,
  ModuleTwitter: 9,
}

const texts = (link: string): ShareTexts => ({
  short: `Schau mal: ${link}`,
  emailSubject: 'Meine Empfehlung',
  emailBody: `Hallo,\n${link}`,
})

function renderChannels(change: Partial<TenantSettingsInput>, storyAnchor?: string) {
  return render(
    <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
      <ShareChannels settings={settingsWith(change)} link={LINK} texts={texts} storyAnchor={storyAnchor} />
    </NextIntlClientProvider>,
  )
}

/** The visible names of the links of a list, in order. */
const names = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((a) => a.textContent)

describe('ShareChannels', () => {
  it('puts WhatsApp first, then the other messengers and social channels, the mail services grouped after', () => {
    renderChannels(DEMO_ORDER, 'share-story')
    const [social, mail] = screen.getAllByRole('list')
    expect(names(social!)).toEqual([
      'WhatsApp',
      'Facebook',
      'XING',
      'LinkedIn',
      'X (Twitter)',
      'SMS',
      'Instagram-Story',
    ])
    const group = screen.getByText('Per E-Mail teilen').closest('details')!
    expect(group).not.toHaveAttribute('open')
    expect(group).toContainElement(mail!)
    expect(names(mail!)).toEqual(['E-Mail', 'Gmail', 'Outlook', 'Yahoo Mail'])
    expect(social!.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
  })

  it('keeps the tenant sort order within the groups, WhatsApp always at the head', () => {
    renderChannels({
      ModuleTwitter: 1,
      ModuleFacebook: 2,
      ModuleWhatsapp: 8,
      ModuleSms: 3,
      ModuleInstagram: -1,
      ModuleYahoo: 0,
      ModuleEmailClient: 9,
    })
    const [social, mail] = screen.getAllByRole('list')
    expect(names(social!)).toEqual(['WhatsApp', 'X (Twitter)', 'Facebook', 'SMS'])
    expect(names(mail!)).toEqual(['Yahoo Mail', 'E-Mail'])
  })

  it('leaves a single mail channel as a button of its own, after the messengers', () => {
    renderChannels({
      ...DEMO_ORDER,
      ModuleEmailClient: 1,
      ModuleGmail: -1,
      ModuleOutlook: -1,
      ModuleYahoo: -1,
      ModuleFacebook: -1,
      ModuleXing: -1,
      ModuleTwitter: -1,
      ModuleWhatsapp: 2,
      ModuleLinkedIn: 3,
      ModuleInstagram: -1,
    })
    expect(screen.queryByText('Per E-Mail teilen')).not.toBeInTheDocument()
    expect(names(screen.getByRole('list'))).toEqual(['WhatsApp', 'LinkedIn', 'SMS', 'E-Mail'])
  })

  it('marks every channel with an icon hidden from screen readers and names the action', () => {
    renderChannels(DEMO_ORDER, 'share-story')
    for (const link of screen.getAllByRole('link')) {
      const icon = link.querySelector('svg')
      expect(icon).not.toBeNull()
      expect(icon).toHaveAttribute('aria-hidden', 'true')
    }
    const whatsapp = screen.getByRole('link', { name: 'Per WhatsApp teilen (öffnet in neuem Fenster)' })
    expect(whatsapp).toHaveAttribute(
      'href',
      `https://wa.me/?text=${encodeURIComponent(`Schau mal: ${LINK}?channel=whatsapp`)}`,
    )
    expect(whatsapp).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('link', { name: 'Per SMS teilen' })).not.toHaveAttribute('target')
  })

  it('leads the Instagram story button to the story picture on the page, and drops it without one', () => {
    const { unmount } = renderChannels(DEMO_ORDER, 'share-story')
    expect(screen.getByRole('link', { name: 'Per Instagram-Story teilen' })).toHaveAttribute(
      'href',
      '#share-story',
    )
    unmount()
    renderChannels(DEMO_ORDER)
    expect(screen.getByRole('link', { name: /^Per WhatsApp teilen/ })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Per Instagram-Story teilen' })).not.toBeInTheDocument()
  })

  it('renders nothing when the tenant switched every channel off', () => {
    const off = Object.fromEntries(
      [
        'EmailClient',
        'Gmail',
        'Outlook',
        'Yahoo',
        'Facebook',
        'Whatsapp',
        'Xing',
        'LinkedIn',
        'Twitter',
        'Sms',
        'Instagram',
      ].map((c) => [`Module${c}`, -1]),
    )
    const { container } = renderChannels(off)
    expect(container).toBeEmptyDOMElement()
  })
})
