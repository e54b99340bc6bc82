import de from '@/messages/de.json'

/** Every code of the error catalogue (SPEC §8 plus the API's own), keyed to messages/*.json → Errors. */
export type ErrorCode = keyof (typeof de)['Errors']

/** HTTP status per code; codes not listed answer 400. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  Default: 500,
  NetzwerkFehler: 502,
  // The tenant's content service did not answer (SPEC §8 'Inhalt nicht verfügbar').
  InhaltNichtVerfuegbar: 503,
  PSOF0204: 401,
  PasswortOderEmailFalsch: 401,
  LoginFirst: 401,
  NichtAuthorisiert: 403,
  AgenturAnmeldungFehlgeschlagen: 401,
  AgenturKeineRolle: 403,
  AgenturUnbekannt: 403,
  AgenturZugangDeaktiviert: 403,
  AgenturSsoNichtEingerichtet: 404,
  KontoGesperrt: 403,
  KontoGesperrtEinzel: 403,
  KontoGesperrtWildcard: 403,
  BankdatenNichtAutorisiert: 403,
  PraemieTokenUngueltig: 403,
  NichtGefunden: 404,
  UnbekannteKategorie: 404,
  ProduktApiUnbekannt: 500,
  MandantUnbekannt: 404,
  NichtRegistriert: 404,
  MethodeNichtErlaubt: 405,
  EmpfehlungExists: 409,
  EmailExists: 409,
  EmpfaengerExistiert: 409,
  EmpfaengerBereitsBestaetigt: 409,
  PraemieBereitsAbgeholt: 409,
  AuftragBereitsFreigegeben: 409,
  FreigabeDurchAnderePerson: 409,
  AuftragNichtFreigebbar: 409,
  PraemienplanUeberschneidung: 409,
  PraemienplanBeendet: 409,
  MitarbeiterVorhanden: 409,
  MitarbeiternummerVergeben: 409,
  BeraternummerVergeben: 409,
  EinladungExists: 409,
  EinladungAbgemeldet: 409,
  EinladungUngueltig: 404,
  TokenBereitsVerwendet: 409,
  OptinMailAlreadySent: 409,
  OptinAlreadySet: 409,
  EmpfehlungExistsAndOptInRequired: 409,
  // The recommendation was created; it waits for the referrer's confirmation.
  OptInRequired: 409,
  Abgelaufen: 410,
  EmpfehlungAbgelaufen: 410,
  EmpfehlungGesperrt: 410,
  EmpfehlungscodeUngueltig: 404,
  PraemieTokenAbgelaufen: 410,
  PraemieAbgelaufen: 410,
  PraemieNichtBereit: 409,
  PraemieStorniert: 409,
  AuszahlungBereitsBezahlt: 409,
  AuszahlungskontoFehlt: 409,
  KeineAuszahlungen: 404,
  ZuVieleAnfragen: 429,
  ZuGross: 413,
}

export function statusOf(code: ErrorCode): number {
  return STATUS[code] ?? 400
}

export type FieldIssue = { Field: string; Code: string }

/** The mark of an ApiError, the same in every bundle of the process (Symbol.for). */
const API_ERROR = Symbol.for('referral-portal.api-error')

/**
 * The one error class of the engine: a catalogue code, its status, optional field issues, and whether
 * the next try needs a solved captcha (always so after CaptchaRequired and CaptchaWrong).
 *
 * Next loads each route handler as a bundle of its own, with its own copy of this class, while what is
 * kept for a moment (lib/engine/kept.ts) is shared by the whole process: a product read that one
 * route's call began and fails with NichtGefunden is the answer of another route's call of that moment
 * too. So `instanceof ApiError` asks for the mark every copy sets, not for this copy's prototype.
 */
export class ApiError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return (
      typeof value === 'object' && value !== null && (value as { [API_ERROR]?: unknown })[API_ERROR] === true
    )
  }

  readonly [API_ERROR] = true
  readonly code: ErrorCode
  readonly status: number
  readonly fields?: FieldIssue[]
  readonly captchaRequired: boolean

  constructor(
    code: ErrorCode,
    options: { status?: number; fields?: FieldIssue[]; cause?: unknown; captchaRequired?: boolean } = {},
  ) {
    super(code, { cause: options.cause })
    this.name = 'ApiError'
    this.code = code
    this.status = options.status ?? statusOf(code)
    this.fields = options.fields
    this.captchaRequired = options.captchaRequired ?? (code === 'CaptchaRequired' || code === 'CaptchaWrong')
  }
}

/**
 * The JSON envelope every error of the main API answers with. CaptchaErforderlich: the next try needs
 * a solved captcha, so a form shows the picture with this answer already.
 */
export type ErrorEnvelope = {
  Code: ErrorCode
  Message: string
  Fields?: FieldIssue[]
  CaptchaErforderlich?: true
}

/** Whether a string (e.g. from a query parameter) is a code of the catalogue. */
export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(de.Errors, value)
}
