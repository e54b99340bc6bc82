import { deNumber, enNumber } from './builders/text'
import type { Aktion, Text } from './types'

/** Description lines and promotions the demo products share, German and English. */

export const WINTER: Aktion = { name: ['Winter-Aktion', 'Winter offer'], rabatt: 1000 }
export const WECHSEL: Aktion = { name: ['Wechsler-Bonus', 'Switcher bonus'], rabatt: 500 }
export const MONTHLY: Text = ['monatlich', 'monthly']
export const REDUCED: Text = [
  'in den ersten 6 Monaten reduziert, danach monatlich',
  'reduced for the first 6 months, then monthly',
]

export const FLAT: Text = ['Telefon-Flatrate ins deutsche Festnetz', 'Phone flat rate to German landlines']
export const ALLNET: Text = [
  '<strong>Allnet-Flat</strong> ins Festnetz und alle Mobilfunknetze',
  '<strong>All-net flat</strong> to landlines and all mobile networks',
]
export const ROUTER: Text = [
  'WLAN-Router <strong>ohne Aufpreis</strong>',
  'Wi-Fi router <strong>at no extra cost</strong>',
]
export const HYBRID: Text = [
  'DSL und LTE <strong>gebündelt</strong> für mehr Tempo',
  'DSL and LTE <strong>combined</strong> for more speed',
]
export const FIBRE: Text = [
  'Glasfaser <strong>bis in die Wohnung</strong>',
  'Glass fibre <strong>right into your home</strong>',
]
export const UNDER_28: Text = [
  '<strong>Young-Rabatt</strong> für alle unter 28',
  '<strong>Young discount</strong> for everyone under 28',
]
export const REPLAY: Text = [
  'Sendungen <strong>7 Tage</strong> nachträglich ansehen',
  'Watch shows <strong>up to 7 days</strong> later',
]

export const pages = (n: number): Text => [
  `Homepage-Baukasten mit <strong>${n} Seiten</strong>`,
  `Website builder with <strong>${n} pages</strong>`,
]
export const articles = (n: number): Text => [
  `Online-Shop für <strong>${deNumber.format(n)} Artikel</strong>`,
  `Online shop for <strong>${enNumber.format(n)} items</strong>`,
]
export const storage = (gb: number): Text => [
  `<strong>${gb} GB</strong> Webspace auf SSD`,
  `<strong>${gb} GB</strong> SSD web space`,
]
export const SSL: Text = [
  'SSL-Zertifikat <strong>inklusive</strong>',
  'SSL certificate <strong>included</strong>',
]
export const PAYMENT: Text = ['Zahlung per Rechnung, Karte und Wallet', 'Payment by invoice, card and wallet']
export const STATIC_IP: Text = [
  '<strong>Feste IP-Adresse</strong> inklusive',
  '<strong>Static IP address</strong> included',
]
export const sla = (hours: number): Text => [
  `Entstörung innerhalb von <strong>${hours} Stunden</strong>`,
  `Fault repair within <strong>${hours} hours</strong>`,
]

export const SERVICE_HOTLINE: Text = [
  'Technik-Hotline <strong>7 Tage die Woche</strong>',
  'Tech hotline <strong>7 days a week</strong>',
]
export const MONTHLY_CANCEL: Text = ['Monatlich kündbar', 'Cancel any month']
export const visits = (n: number): Text => [
  `<strong>${n} Techniker-${n === 1 ? 'Einsatz' : 'Einsätze'}</strong> pro Jahr`,
  `<strong>${n} technician ${n === 1 ? 'visit' : 'visits'}</strong> per year`,
]

export const SETUP_ROUTER: Text = [
  'Einrichtung von <strong>Router und WLAN</strong>',
  'Set-up of <strong>router and Wi-Fi</strong>',
]
export const SETUP_SMART_HOME: Text = [
  'Einrichtung von <strong>Smart-Home-Geräten</strong>',
  'Set-up of <strong>smart home devices</strong>',
]
export const SETUP_MESH: Text = [
  '<strong>Mesh-WLAN</strong> für das ganze Haus',
  '<strong>Mesh Wi-Fi</strong> for the whole house',
]

export const FOOTBALL: Text = [
  '<strong>Alle Spiele</strong> der 3. Fußball-Liga live',
  '<strong>Every match</strong> of the third football league live',
]
export const HOCKEY_BASKETBALL: Text = [
  'Eishockey und Basketball <strong>live und auf Abruf</strong>',
  'Ice hockey and basketball <strong>live and on demand</strong>',
]
export const HOCKEY: Text = [
  '<strong>Eishockey</strong> live und auf Abruf',
  '<strong>Ice hockey</strong> live and on demand',
]
export const HIGHLIGHTS: Text = ['Highlights aller Spieltage', 'Highlights of every match day']
export const CHANNELS_100: Text = [
  '<strong>100+ TV-Sender</strong> inklusive',
  '<strong>100+ TV channels</strong> included',
]
export const UHD: Text = ['Spiele in <strong>UHD</strong>', 'Matches in <strong>UHD</strong>']
export const screens = (n: number): Text => [
  `Auf <strong>${n} ${n === 1 ? 'Gerät' : 'Geräten gleichzeitig'}</strong>`,
  `On <strong>${n} ${n === 1 ? 'device' : 'devices at once'}</strong>`,
]

export const IPTV: Text = [
  'TV über Ihren <strong>Internet-Anschluss</strong>',
  'TV over your <strong>internet line</strong>',
]
export const SAT: Text = ['Empfang per <strong>Satellit</strong>', 'Reception via <strong>satellite</strong>']
export const HYBRID_SAT: Text = [
  '<strong>Satellit</strong> plus Mediathek über Internet',
  '<strong>Satellite</strong> plus on-demand over the internet',
]
export const HYBRID_TV: Text = ['TV über <strong>DSL + LTE</strong>', 'TV over <strong>DSL + LTE</strong>']
export const FIBRE_TV: Text = [
  'TV über <strong>Glasfaser</strong>, auch in UHD',
  'TV over <strong>glass fibre</strong>, also in UHD',
]

export const LONG_BATTERY: Text = ['lange Akkulaufzeit', 'long battery life']
export const EU: Text = ['Allnet-Flat und EU-Roaming', 'all-net flat and EU roaming']
export const screen = (inch: string, gb: number, [de, en]: Text): Text => [
  `<strong>${inch.replace('.', ',')}"</strong> Display, ${gb} GB Speicher, ${de}`,
  `<strong>${inch}"</strong> display, ${gb} GB storage, ${en}`,
]
