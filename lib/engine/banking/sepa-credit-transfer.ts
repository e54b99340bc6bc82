/**
 * SEPA credit-transfer file (ISO 20022 pain.001.001.09, the DK format German banks take since November
 * 2025) for paying out cash rewards: one payment instruction debiting the operator's account, one
 * transaction per payee. Pure string work without Node imports or I/O, so the same input always gives
 * the same bytes and a payout run can be repeated and compared.
 *
 * Inputs are checked here and every problem throws a plain `Error` before any XML is written; a bank
 * rejects a whole file for one bad transaction, so a half-right file is worse than none. Error messages
 * never contain an IBAN (QUALITY §Security 13, 14): they name the transfer by its end-to-end id.
 */
import { validateIban } from '@/lib/shared/iban'

export type SepaParty = { name: string; iban: string; bic?: string | null }

export type SepaTransfer = {
  /** Unique within the batch, [A-Za-z0-9-], 1–35 characters; the payee's bank shows it on the statement. */
  endToEndId: string
  /** Positive integer number of euro cents, at most 99 999 999 999 (999 999 999.99 €). */
  amountCent: number
  /** The payee (a referrer or recipient). */
  creditor: SepaParty
  /** Unstructured purpose text; transliterated to the SEPA character set and cut to 140 characters. */
  remittance: string
}

export type SepaBatch = {
  /** [A-Za-z0-9-], 1–35 characters; banks refuse a message id they have seen before. */
  messageId: string
  /** [A-Za-z0-9-], 1–35 characters. */
  paymentInfoId: string
  createdAt: Date
  /** Requested execution date, YYYY-MM-DD. */
  executionDate: string
  /** The operator's paying account; without a BIC the debtor agent is written as NOTPROVIDED (IBAN-only). */
  debtor: SepaParty
  transfers: SepaTransfer[]
}

export const PAIN_001_NAMESPACE = 'urn:iso:std:iso:20022:tech:xsd:pain.001.001.09'

/** Lengths of the schema's text types that carry names and the purpose text (Max70Text, Max140Text). */
export const SEPA_NAME_MAX = 70
export const SEPA_REMITTANCE_MAX = 140

/** The EPC's SEPA amount limit in cents (999 999 999.99 €). */
const MAX_AMOUNT_CENT = 99_999_999_999

/** Our own identifiers: letters, digits and dashes, so no bank's reference rules (no `/` at either end, no `//`) can bite. */
const ID_PATTERN = /^[A-Za-z0-9-]{1,35}$/

/** BICFIDec2014Identifier of the schema, 8 or 11 characters. */
const BIC_PATTERN = /^[A-Z0-9]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/

/**
 * Characters outside the SEPA set with a Latin spelling of their own. German umlauts follow DIN 5007-2
 * (ä → ae) rather than losing their dots, so `Müller` stays recognisable as `Mueller`. Letters with other
 * accents need no entry: their decomposition leaves the base letter (é → e, ç → c, ñ → n).
 */
const TRANSLITERATION: Readonly<Record<string, string>> = {
  ä: 'ae',
  ö: 'oe',
  ü: 'ue',
  Ä: 'Ae',
  Ö: 'Oe',
  Ü: 'Ue',
  ß: 'ss',
  ẞ: 'SS',
  æ: 'ae',
  Æ: 'Ae',
  œ: 'oe',
  Œ: 'Oe',
  ø: 'o',
  Ø: 'O',
  å: 'aa',
  Å: 'Aa',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  '&': '+',
  '€': 'EUR',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '´': "'",
  '`': "'",
  '–': '-',
  '—': '-',
  '‐': '-',
  '‑': '-',
  '−': '-',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  // Markup-like characters carry no meaning in a name or purpose text and would only leave gaps.
  '<': '',
  '>': '',
  '"': '',
  '“': '',
  '”': '',
  '„': '',
  '«': '',
  '»': '',
}

/** Anything outside the SEPA Latin set: a-z A-Z 0-9 / - ? : ( ) . , ' + and space. */
const NOT_SEPA = /[^a-zA-Z0-9/\-?:().,'+ ]/gu

/**
 * Brings free text into the SEPA Latin character set and cuts it to `max` characters: umlauts and a few
 * other letters are spelled out, other accents are dropped, `&` becomes `+`, markup characters vanish,
 * every remaining character outside the set becomes a space, runs of spaces collapse and the ends are
 * trimmed. The result is plain ASCII, so cutting it can never split a character.
 */
export function toSepaText(value: string, max: number): string {
  if (!Number.isInteger(max) || max < 1)
    throw new Error(`SEPA text length must be a positive integer, got ${max}`)
  const text = value
    // Composed first, so a `u` followed by a combining diaeresis is an ü and becomes `ue`.
    .normalize('NFC')
    .replace(/[^a-zA-Z0-9 ]/gu, (char) => TRANSLITERATION[char] ?? char)
    // Compatibility decomposition: é → e + accent, full-width Ａ → A, ﬁ → fi, no-break space → space.
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(NOT_SEPA, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
  return text.slice(0, max).trimEnd()
}

const XML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? char)
}

type XmlElement = {
  name: string
  attributes?: Readonly<Record<string, string>>
  text?: string
  children?: readonly XmlElement[]
}

const el = (name: string, content: string | readonly XmlElement[], attributes?: Record<string, string>) =>
  typeof content === 'string' ? { name, text: content, attributes } : { name, children: content, attributes }

/** One element per line, children indented by two spaces; attributes in the order given. */
function renderXml(element: XmlElement, depth: number, lines: string[]): void {
  const indent = '  '.repeat(depth)
  const attributes = Object.entries(element.attributes ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('')
  if (element.children) {
    lines.push(`${indent}<${element.name}${attributes}>`)
    for (const child of element.children) renderXml(child, depth + 1, lines)
    lines.push(`${indent}</${element.name}>`)
  } else {
    lines.push(`${indent}<${element.name}${attributes}>${escapeXml(element.text ?? '')}</${element.name}>`)
  }
}

/** Euro with two decimals from integer cents; bigint so that even a sum of many transfers stays exact. */
function formatEuro(cents: bigint): string {
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
}

function checkId(value: unknown, label: string): string {
  if (typeof value !== 'string' || !ID_PATTERN.test(value))
    throw new Error(`${label} must be 1–35 characters of A-Z, a-z, 0-9 and "-"`)
  return value
}

function checkName(value: unknown, label: string): string {
  const name = typeof value === 'string' ? toSepaText(value, SEPA_NAME_MAX) : ''
  if (!name) throw new Error(`${label} is empty or has no character of the SEPA character set`)
  return name
}

function checkIban(value: unknown, label: string): string {
  const result = typeof value === 'string' ? validateIban(value, { germanOnly: false }) : null
  if (!result?.ok) throw new Error(`${label} is not a valid IBAN (${result?.reason ?? 'missing'})`)
  return result.iban
}

/** `null`, `undefined` and an empty string mean "no BIC"; anything else must be a well-formed BIC. */
function checkBic(value: unknown, label: string): string | null {
  if (value === null || value === undefined) return null
  if (typeof value !== 'string') throw new Error(`${label} must be a string`)
  const bic = value.replace(/\s/g, '').toUpperCase()
  if (!bic) return null
  if (!BIC_PATTERN.test(bic)) throw new Error(`${label} is not a valid BIC (8 or 11 characters)`)
  return bic
}

function checkAmount(value: unknown, label: string): bigint {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    throw new Error(`${label} must be a positive integer number of cents`)
  if (value > MAX_AMOUNT_CENT) throw new Error(`${label} exceeds the SEPA limit of 999999999.99 EUR`)
  return BigInt(value)
}

function checkExecutionDate(value: unknown): string {
  const match = typeof value === 'string' ? /^([1-9]\d{3})-(\d{2})-(\d{2})$/.exec(value) : null
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null
  // Date.UTC rolls 2026-02-30 over into March; a round trip that changes the text was no calendar date.
  if (!date || date.toISOString().slice(0, 10) !== value)
    throw new Error('executionDate must be a calendar date in the form YYYY-MM-DD')
  return value as string
}

/** ISODateTime in UTC with whole seconds, e.g. 2026-11-22T19:22:08Z. */
function checkCreatedAt(value: unknown): string {
  // Tag check rather than instanceof, so a Date from another realm (a worker, a VM context) is one too.
  const time =
    Object.prototype.toString.call(value) === '[object Date]' ? Date.prototype.getTime.call(value) : NaN
  const iso = Number.isNaN(time) ? '' : new Date(time).toISOString()
  // toISOString writes years outside 0000–9999 with a sign and six digits; XML Schema has no year 0000.
  if (!/^[1-9]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(iso))
    throw new Error('createdAt must be a valid date between the years 1000 and 9999')
  return `${iso.slice(0, 19)}Z`
}

function agent(bic: string | null): XmlElement {
  return el('FinInstnId', bic ? [el('BICFI', bic)] : [el('Othr', [el('Id', 'NOTPROVIDED')])])
}

/**
 * Writes the pain.001.001.09 document for one batch: GrpHdr, one PmtInf (TRF, batch booking, service
 * level SEPA, charges SLEV) and one CdtTrfTxInf per transfer in the given order. Throws before writing
 * anything when an input is not fit for a SEPA file.
 */
export function sepaCreditTransferXml(batch: SepaBatch): string {
  const messageId = checkId(batch.messageId, 'messageId')
  const paymentInfoId = checkId(batch.paymentInfoId, 'paymentInfoId')
  const createdAt = checkCreatedAt(batch.createdAt)
  const executionDate = checkExecutionDate(batch.executionDate)
  const debtorName = checkName(batch.debtor?.name, 'debtor name')
  const debtorIban = checkIban(batch.debtor?.iban, 'debtor IBAN')
  const debtorBic = checkBic(batch.debtor?.bic, 'debtor BIC')
  if (!Array.isArray(batch.transfers) || batch.transfers.length === 0)
    throw new Error('a SEPA batch needs at least one transfer')

  const seen = new Set<string>()
  let total = 0n
  const transactions = batch.transfers.map((transfer, index) => {
    const endToEndId = checkId(transfer.endToEndId, `endToEndId of transfer ${index + 1}`)
    if (seen.has(endToEndId)) throw new Error(`endToEndId ${endToEndId} is used by more than one transfer`)
    seen.add(endToEndId)
    const label = `transfer ${endToEndId}`
    const amount = checkAmount(transfer.amountCent, `amount of ${label}`)
    const name = checkName(transfer.creditor?.name, `creditor name of ${label}`)
    const iban = checkIban(transfer.creditor?.iban, `creditor IBAN of ${label}`)
    const bic = checkBic(transfer.creditor?.bic, `creditor BIC of ${label}`)
    const remittance =
      typeof transfer.remittance === 'string' ? toSepaText(transfer.remittance, SEPA_REMITTANCE_MAX) : ''
    if (!remittance)
      throw new Error(`remittance of ${label} is empty or has no character of the SEPA character set`)
    total += amount
    return el('CdtTrfTxInf', [
      el('PmtId', [el('EndToEndId', endToEndId)]),
      el('Amt', [el('InstdAmt', formatEuro(amount), { Ccy: 'EUR' })]),
      ...(bic ? [el('CdtrAgt', [agent(bic)])] : []),
      el('Cdtr', [el('Nm', name)]),
      el('CdtrAcct', [el('Id', [el('IBAN', iban)])]),
      el('RmtInf', [el('Ustrd', remittance)]),
    ])
  })

  const count = String(transactions.length)
  const controlSum = formatEuro(total)
  const document = el(
    'Document',
    [
      el('CstmrCdtTrfInitn', [
        el('GrpHdr', [
          el('MsgId', messageId),
          el('CreDtTm', createdAt),
          el('NbOfTxs', count),
          el('CtrlSum', controlSum),
          el('InitgPty', [el('Nm', debtorName)]),
        ]),
        el('PmtInf', [
          el('PmtInfId', paymentInfoId),
          el('PmtMtd', 'TRF'),
          el('BtchBookg', 'true'),
          el('NbOfTxs', count),
          el('CtrlSum', controlSum),
          el('PmtTpInf', [el('SvcLvl', [el('Cd', 'SEPA')])]),
          el('ReqdExctnDt', [el('Dt', executionDate)]),
          el('Dbtr', [el('Nm', debtorName)]),
          el('DbtrAcct', [el('Id', [el('IBAN', debtorIban)])]),
          el('DbtrAgt', [agent(debtorBic)]),
          el('ChrgBr', 'SLEV'),
          ...transactions,
        ]),
      ]),
    ],
    { xmlns: PAIN_001_NAMESPACE },
  )

  const lines = ['<?xml version="1.0" encoding="UTF-8"?>']
  renderXml(document, 0, lines)
  return `${lines.join('\n')}\n`
}
