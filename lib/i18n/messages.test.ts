import { createTranslator } from 'next-intl'
import de from '@/messages/de.json'
import en from '@/messages/en.json'
import { statusOf, type ErrorCode } from '@/lib/shared/errors'
import { DEFAULT_LOCALE, isLocale, localeFromHeader } from './config'
import { errorMessage, messagesFor } from './messages'

type Tree = { [key: string]: string | Tree }

/** Every leaf of a message tree as [dotted key, text]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  )
}

/** Argument names, simple ({name}) or with a format ({count, plural, …}). */
const placeholders = (text: string) =>
  [...new Set([...text.matchAll(/\{(\w+)(?=\}|,)/g)].map((m) => m[1]))].sort()
/** Arguments that take a number (plural and number formats). */
const numeric = (text: string) =>
  [...text.matchAll(/\{(\w+),\s*(?:plural|selectordinal|number)/g)].map((m) => m[1])
/** Rich-text tags such as <agb>…</agb> (formatted with t.rich). */
const tags = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((m) => m[1]).sort()

const deLeaves = leaves(de)
const enLeaves = leaves(en as Tree)
const deTexts = deLeaves.map(([, text]) => text)

/** SPEC §8 catalogue codes (the two unnamed cases under their code names) and the token code of §7.9. */
const SPEC_CODES: ErrorCode[] = [
  'Default',
  'PasswortOderEmailFalsch',
  'Abgelaufen',
  'NichtAuthorisiert',
  'KontoGesperrt',
  'KontoGesperrtEinzel',
  'KontoGesperrtWildcard',
  'NichtRegistriert',
  'EmpfehlungExists',
  'EmailExists',
  'EmailNotAllowed',
  'EmailUngueltig',
  'TokenBereitsVerwendet',
  'EmailEmpfehlerGleichEmpfaenger',
  'NetzwerkFehler',
  'AcceptAgb',
  'PraemieBereitsAbgeholt',
  'LoginFirst',
  'EmpfehlungExistsAndOptInRequired',
  'OptInRequired',
  'CaptchaRequired',
  'CaptchaWrong',
  'PraemieTokenUngueltig',
  'PraemieTokenAbgelaufen',
  'BankdatenNichtAutorisiert',
  'MessengerNichtInstalliert',
  'PSOF0204',
]

describe('messages/de.json and messages/en.json', () => {
  it('have exactly the same key tree', () => {
    expect(enLeaves.map(([key]) => key).sort()).toEqual(deLeaves.map(([key]) => key).sort())
  })

  it('have no empty texts and the same placeholders per key', () => {
    const english = new Map(enLeaves)
    for (const [key, text] of deLeaves) {
      expect([key, text.trim().length > 0]).toEqual([key, true])
      expect([key, placeholders(english.get(key) ?? '')]).toEqual([key, placeholders(text)])
      expect([key, tags(english.get(key) ?? '')]).toEqual([key, tags(text)])
    }
  })

  it('format every message in both languages without an error', () => {
    for (const [locale, messages, list] of [
      ['de', de, deLeaves],
      ['en', en, enLeaves],
    ] as const) {
      const errors: string[] = []
      const t = createTranslator({ locale, messages, onError: (error) => errors.push(error.message) })
      for (const [key, text] of list) {
        const numbers = numeric(text)
        const values: Record<string, unknown> = Object.fromEntries(
          placeholders(text).map((name) => [name, numbers.includes(name) ? 2 : 'x']),
        )
        const richTags = tags(text)
        if (richTags.length) {
          for (const tag of richTags) values[tag!] = ((chunks: unknown) => chunks) as unknown as string
          expect((t as unknown as { rich: (k: string, v: object) => unknown }).rich(key, values)).toBeTruthy()
        } else {
          expect(typeof (t as unknown as (k: string, v: object) => string)(key, values)).toBe('string')
        }
      }
      expect(errors).toEqual([])
    }
  })
})

describe('error catalogue', () => {
  const codes = Object.keys(de.Errors) as ErrorCode[]

  it('has a German and an English text for every code', () => {
    expect(Object.keys(en.Errors).sort()).toEqual([...codes].sort())
    for (const code of codes) {
      expect(errorMessage(code, 'de')).toBe(de.Errors[code])
      expect(errorMessage(code, 'en')).toBe(en.Errors[code])
      expect(errorMessage(code, 'en')).not.toBe('')
    }
  })

  it('contains every code of SPEC §8', () => {
    expect(codes).toEqual(expect.arrayContaining(SPEC_CODES))
  })

  it('maps codes to HTTP status in one place', () => {
    expect(statusOf('Default')).toBe(500)
    expect(statusOf('PSOF0204')).toBe(401)
    expect(statusOf('PasswortOderEmailFalsch')).toBe(401)
    expect(statusOf('NichtAuthorisiert')).toBe(403)
    expect(statusOf('NichtGefunden')).toBe(404)
    expect(statusOf('MandantUnbekannt')).toBe(404)
    expect(statusOf('UngueltigeEingabe')).toBe(400)
    expect(statusOf('AnfrageUnvollstaendig')).toBe(400)
    for (const code of codes) expect(statusOf(code)).toBeGreaterThanOrEqual(400)
  })
})

describe('the SPEC texts', () => {
  it.each([
    'Ihre Anfrage konnte nicht verarbeitet werden.',
    'Ihre Empfehlung ist leider abgelaufen.',
    'Diese Empfehlung ist leider nicht mehr möglich',
    'Dies ist ein Pflichtfeld.',
    'Die Zustimmung ist erforderlich, um fortzufahren.',
    'Dies ist keine gültige E-Mail-Adresse.',
    'Die E-Mail-Adresse darf nicht dieselbe, wie die der Empfehlung sein.',
    'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    'Passwort erfolgreich geändert.',
    'Fehler: Passwort konnte nicht geändert werden, versuchen sie es zu einem späteren Zeitpunkt nocheinmal.',
    'Ihre Anfrage ist bei uns eingegangen. Vielen Dank.',
    'Ihre Daten wurden erfolgreich gespeichert.',
    'Ihre Empfehlung wurde erfolgreich erstellt. Der Link zu Ihrer Empfehlung wurde an die angegebene E-Mail-Adresse versendet.',
    'Inhalt nicht verfügbar',
  ])('has "%s" verbatim in German', (text) => {
    expect(deTexts).toContain(text)
  })

  it('uses the SPEC suffixes for required fields and IBANs', () => {
    expect(de.Validation.requiredField).toBe('{field} ist ein Pflichtfeld')
    expect(de.Validation.ibanInvalid).toBe('{field} ist nicht gültig')
  })

  it('labels the three steps Auswählen, Empfehlen, Freuen', () => {
    expect([de.Steps.Auswaehlen, de.Steps.Empfehlen, de.Steps.Freuen]).toEqual([
      'Auswählen',
      'Empfehlen',
      'Freuen',
    ])
  })
})

describe('locale helpers', () => {
  it('read the language header with German as the default', () => {
    expect(localeFromHeader('en')).toBe('en')
    expect(localeFromHeader('en-GB,en;q=0.9')).toBe('en')
    expect(localeFromHeader('EN')).toBe('en')
    expect(localeFromHeader('de-DE,de;q=0.9')).toBe('de')
    expect(localeFromHeader('fr')).toBe('de')
    expect(localeFromHeader('')).toBe('de')
    expect(localeFromHeader(null)).toBe(DEFAULT_LOCALE)
    expect(isLocale('en')).toBe(true)
    expect(isLocale('fr')).toBe(false)
    expect(messagesFor('en')).toBe(en)
  })
})
