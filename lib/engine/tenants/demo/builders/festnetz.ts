import type { FestnetzDetails } from '@/lib/contracts/catalog'
import { FLAT, MONTHLY, REDUCED, REPLAY, STATIC_IP, sla } from '../descriptions'
import { FIXED } from '../reward-amounts'
import type { Aktion, Brand, Draft, Klasse, Name, Reward, Text } from '../types'
import { bilingual, deNumber, enNumber, productCode, speed } from './text'

/**
 * Fixed-line-like products (festnetz, service, tv, sport, business): a group says what its rows share,
 * each row is one product with its four description lines.
 */

export type FestnetzGroup = {
  quelle: string
  kategorie: string
  gruppe: string
  art: FestnetzDetails['Kategorie']
  young?: boolean
  hybrid?: boolean
  fussnote: string | null
  einmalig: number
  reward: Reward
}
export type FestnetzRow = {
  id: number
  ext: string
  klasse: Klasse
  name: Name
  monatlich: number
  texts: readonly [Text, Text, Text, Text]
  einmalig?: number
  reward?: Reward
  aktion?: Aktion
}

export type RowOptions = Pick<FestnetzRow, 'einmalig' | 'reward' | 'aktion'>

export function festnetz(brand: Brand, group: FestnetzGroup, rows: FestnetzRow[]): Draft[] {
  return rows.map((row) => {
    const reward = row.reward ?? group.reward
    const [b1, b2, b3, b4] = row.texts
    const preisaufteilung = row.aktion ? REDUCED : MONTHLY
    const name = bilingual(row.name)
    const details: FestnetzDetails = {
      Art: 'festnetz',
      Kategorie: group.art,
      Name: name[0],
      Young: group.young ?? false,
      Hybrid: group.hybrid ?? false,
      Gruppe: group.gruppe,
      Klasse: row.klasse,
      PreisMonatlich: row.monatlich,
      PreisEinmalig: row.einmalig ?? group.einmalig,
      AnzeigeName: `${brand.name} ${name[0]}`,
      Beschreibung1: b1[0],
      Beschreibung2: b2[0],
      Beschreibung3: b3[0],
      Beschreibung4: b4[0],
      Provision: `standard;${reward[0]}`,
      TelekomProduktId: productCode(brand, row.id),
      Fussnote: group.fussnote,
      Preisaufteilung: preisaufteilung[0],
      Aktionsname: row.aktion?.name[0] ?? '',
      Aktionsrabatt: row.aktion?.rabatt ?? 0,
    }
    const detailsEn: Partial<FestnetzDetails> = {
      Name: name[1],
      AnzeigeName: `${brand.name} ${name[1]}`,
      Beschreibung1: b1[1],
      Beschreibung2: b2[1],
      Beschreibung3: b3[1],
      Beschreibung4: b4[1],
      Preisaufteilung: preisaufteilung[1],
      ...(row.aktion ? { Aktionsname: row.aktion.name[1] } : {}),
    }
    return {
      id: row.id,
      externeId: `${brand.prefix}-${row.ext}`,
      quelle: group.quelle,
      kategorie: group.kategorie,
      details,
      detailsEn,
      reward,
    }
  })
}

/** A fixed-line group; unless said otherwise double play, 24-month price footnote, 69.95 euro set-up, 70 euro reward. */
export const festnetzGroup = (
  quelle: string,
  kategorie: string,
  gruppe: string,
  extra: Partial<FestnetzGroup> = {},
): FestnetzGroup => ({
  quelle,
  kategorie,
  gruppe,
  art: 'DP',
  fussnote: 'fn-preis-24',
  einmalig: 6995,
  reward: FIXED,
  ...extra,
})

/** A fixed-line row with its four description lines given. */
export function row(
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  monatlich: number,
  texts: FestnetzRow['texts'],
  extra: RowOptions = {},
): FestnetzRow {
  return { id, ext, klasse, name, monatlich, texts, ...extra }
}

/** A business line: download, upload, static IP and the repair time. */
export const company = (
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  [down, up]: readonly [number, number],
  hours: number,
  monatlich: number,
) => row(id, ext, klasse, name, monatlich, [...speed(down, up), STATIC_IP, sla(hours)])

/** An internet line: download, upload, a third line, and the phone flat rate. */
export function line(
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  [down, up]: readonly [number, number],
  monatlich: number,
  third: Text,
  extra: RowOptions = {},
): FestnetzRow {
  return row(id, ext, klasse, name, monatlich, [...speed(down, up), third, FLAT], extra)
}

/** A TV package: channels, how it is received, the internet speed included, replay. */
export function tv(
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  channels: number,
  via: Text,
  down: number,
  monatlich: number,
  extra: RowOptions = {},
): FestnetzRow {
  const channelLine: Text = [
    `<strong>${channels}+ Sender</strong>, viele davon in HD`,
    `<strong>${channels}+ channels</strong>, many in HD`,
  ]
  const internetLine: Text = [
    `Internet mit <strong>${deNumber.format(down)} MBit/s</strong>`,
    `Internet at <strong>${enNumber.format(down)} Mbit/s</strong>`,
  ]
  return row(id, ext, klasse, name, monatlich, [channelLine, via, internetLine, REPLAY], extra)
}

/** A website or shop package: pages or articles, domains, mailboxes and one more feature. */
export function web(
  id: number,
  ext: string,
  klasse: Klasse,
  name: Name,
  first: Text,
  domains: number,
  mailboxes: number,
  fourth: Text,
  monatlich: number,
  extra: RowOptions = {},
): FestnetzRow {
  const domainLine: Text = [
    `<strong>${domains} ${domains === 1 ? 'Domain' : 'Domains'}</strong> inklusive`,
    `<strong>${domains} ${domains === 1 ? 'domain' : 'domains'}</strong> included`,
  ]
  const mailLine: Text = [
    `<strong>${mailboxes} E-Mail-Postfächer</strong>`,
    `<strong>${mailboxes} mailboxes</strong>`,
  ]
  return row(id, ext, klasse, name, monatlich, [first, domainLine, mailLine, fourth], extra)
}
