import {
  startSquidexServer,
  type SquidexContent,
  type SquidexServer,
  type SquidexServerOptions,
} from '@/tests/support/squidex-server'
import { forgetSquidexTokens } from './fetch'
import {} from './reshape'
import { createSquidexSource, type SquidexContentSettings } from './source'

export const APP = 'lumenta'
export const CLIENT = { clientId: 'portal', clientSecret: 'geheim-123', appName: APP }
export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** Content as a Squidex app holds it (localized fields in de/en, invariant ones in iv). */
export const CONTENT: SquidexContent = {
  schemas: {
    seiten: [
      {
        id: 'p1',
        data: {
          Schluessel: { iv: 'impressum' },
          Titel: { de: 'Impressum', en: 'Imprint' },
          Stand: { iv: '2026-03-01T00:00:00Z' },
          Inhalte: {
            de: [{ Titel: 'Anbieter', Html: '<p>A</p>', schemaId: 'abschnitt' }, { Html: '<p>B</p>' }],
          },
        },
      },
    ],
    faq: [
      {
        id: 'faq1',
        data: {
          Eintraege: {
            iv: [{ Anker: 'invariant', Kategorie: 'K', Frage: 'iv?', Antwort: 'iv' }],
            de: [{ Anker: 'deutsch', Kategorie: 'K', Frage: 'Frage?', Antwort: '<p>Antwort</p>' }],
          },
        },
      },
    ],
    bloecke: [
      {
        id: 'b1',
        data: {
          Platz: { iv: 'home' },
          Position: { iv: 1 },
          Titel: { de: 'Block' },
          Html: { de: '<p>x</p>' },
        },
      },
    ],
    keyvisuals: [],
    fussnoten: [
      {
        id: 'n1',
        data: {
          Identifier: { iv: 'fn-a' },
          Titel: { iv: 'Invariant', de: 'Deutsch' },
          Gruppe: { de: 'Gruppe', en: 'Group' },
          Inhalt: { iv: 'Nur invariant' },
        },
      },
      {
        id: 'n2',
        data: {
          Identifier: { iv: 'fn-b' },
          Titel: { de: 'B' },
          Gruppe: { de: 'G' },
          Inhalt: { de: 'Text B' },
        },
      },
    ],
    variablen: [{ id: 'v1', data: { Name: { iv: 'Hotline' }, Wert: { de: '0800 1', en: '+49 800 1' } } }],
    texte: [{ id: 't1', data: { Schluessel: { iv: 'Home.title' }, Text: { de: 'Hallo', en: 'Hello' } } }],
    einstellungen: [{ id: 'e1', data: { Barrierefreiheitserklaerung: { iv: true } } }],
  },
  assets: { 'bild-1': { body: PNG, contentType: 'image/png' } },
}
export const IDS = { impressum: 'p1', agb: 'gibt-es-nicht', faq: 'faq1', einstellungen: 'e1' }

export const servers: SquidexServer[] = []
export let logged: string[]

export async function start(options: Partial<SquidexServerOptions> = {}): Promise<SquidexServer> {
  const server = await startSquidexServer({ ...CLIENT, content: CONTENT, ...options })
  servers.push(server)
  return server
}

export function sourceFor(
  server: SquidexServer,
  settings: Partial<SquidexContentSettings> = {},
  options: { timeoutMs?: number; fetch?: typeof fetch } = {},
) {
  return createSquidexSource(
    {
      Url: server.url,
      AppName: APP,
      ClientId: CLIENT.clientId,
      ClientSecret: CLIENT.clientSecret,
      Ids: IDS,
      ...settings,
    },
    { timeoutMs: 30_000, ...options },
  )
}

/** Requests to content (everything but the token endpoint). */
export function contentRequests(server: SquidexServer) {
  return server.stats.requests.filter((r) => r.path !== '/identity-server/connect/token')
}

// Registered in every test file that imports these fixtures: each test starts with fresh servers.
beforeEach(() => {
  logged = []
  for (const method of ['log', 'error'] as const)
    jest.spyOn(console, method).mockImplementation((...args: unknown[]) => void logged.push(args.join(' ')))
})

afterEach(async () => {
  jest.restoreAllMocks()
  forgetSquidexTokens()
  await Promise.all(servers.splice(0).map((s) => s.close()))
})
