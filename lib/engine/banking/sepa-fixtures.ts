import { readFileSync } from 'node:fs'
import path from 'node:path'
import { validateXML } from 'xmllint-wasm'
import type { SepaBatch, SepaTransfer } from './sepa-credit-transfer'

// What the SEPA credit-transfer tests share: the schema check and sample batches.
/** The subset of the official pain.001.001.09 schema (see tests/support/xsd/README.md). */
export const XSD = readFileSync(
  path.resolve(__dirname, '../../../tests/support/xsd/pain.001.001.09.xsd'),
  'utf8',
)

/** libxml2's xmllint compiled to WebAssembly: schema validation without any system package. */
export async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'payout.xml', contents: xml }],
    schema: [{ fileName: 'pain.001.001.09.xsd', contents: XSD }],
  })
  // An invalid document always comes with at least one message; `valid` guards against an empty list.
  return result.valid ? [] : result.errors.map((error) => error.message).concat('invalid')
}

/** Text content of every element with this name, in document order. */
export function texts(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`, 'g'))].map((match) => match[1]!)
}

export const SEPA_CHARSET = /^[a-zA-Z0-9/\-?:().,'+ ]*$/

export const DEBTOR_IBAN = 'DE89370400440532013000'
export const CREDITOR_IBANS = ['AT611904300234573201', 'NL91ABNA0417164300', 'FR1420041010050500013M02606']

export function transfer(overrides: Partial<SepaTransfer> = {}): SepaTransfer {
  return {
    endToEndId: 'REWARD-1',
    amountCent: 2500,
    creditor: { name: 'Erika Mustermann', iban: CREDITOR_IBANS[0]! },
    remittance: 'Empfehlungspraemie 2026-11',
    ...overrides,
  }
}

export function batch(overrides: Partial<SepaBatch> = {}): SepaBatch {
  return {
    messageId: 'PAYOUT-2026-11-22-1',
    paymentInfoId: 'PAYOUT-2026-11-22-1-P1',
    createdAt: new Date('2026-11-22T09:30:15.250Z'),
    executionDate: '2026-11-24',
    debtor: { name: 'Telko Vertrieb GmbH', iban: DEBTOR_IBAN },
    transfers: [transfer()],
    ...overrides,
  }
}

export function transfers(amounts: number[]): SepaTransfer[] {
  return amounts.map((amountCent, index) =>
    transfer({
      endToEndId: `REWARD-${index + 1}`,
      amountCent,
      creditor: { name: `Empfaenger ${index + 1}`, iban: CREDITOR_IBANS[index % CREDITOR_IBANS.length]! },
    }),
  )
}
