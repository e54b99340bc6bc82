import { createHash } from 'node:crypto'
import type { FileContent } from '@/lib/shared/content/types'
import {
  contentBlockSchema,
  contentFlagsSchema,
  contentPageSchema,
  faqEntrySchema,
  footnoteSchema,
  keyVisualSchema,
  textOverridesSchema,
} from '@/lib/shared/content/types'
import { publicTenantConfigSchema } from '@/lib/shared/tenants/settings'
import { toSquidexContent } from '@/tests/support/squidex-content'
import { startSquidexServer, type SquidexServer } from '@/tests/support/squidex-server'
import { call, DEMO_CREDENTIALS, expectError, login } from '../support/http'
import { TEST_OPERATOR_API_KEY } from '../support/test-server'
import { putTestTenant } from '../support/tenants'

// The content calls of the main API (SPEC §7.6, §7.8): the demo tenants read the content files; a
// tenant of this test reads a Squidex-type content service started on loopback, also through an outage.

const api = (tenant: string, path: string) => `/api/v1/${tenant}/content/${path}`
const operator = { token: TEST_OPERATOR_API_KEY }

describe('content of the demo tenants (file source)', () => {
  it('answers the privacy page in German and English, placeholders filled in', async () => {
    for (const locale of ['de', 'en'] as const) {
      const response = await call(api('demo', 'seite/datenschutz'), { locale })
      expect(response.status).toBe(200)
      const page = contentPageSchema.parse(response.json)
      expect(page.Schluessel).toBe('datenschutz')
      expect(page.Inhalte.length).toBeGreaterThan(3)
      expect(response.text).not.toMatch(/\{\{/)
      expect(response.text).toContain('psoe_token')
      expect(response.text).toContain('Lumenta Telekom')
    }
    const en = contentPageSchema.parse((await call(api('demo', 'seite/datenschutz'), { locale: 'en' })).json)
    const de = contentPageSchema.parse((await call(api('demo', 'seite/datenschutz'))).json)
    expect(en.Titel).not.toBe(de.Titel)
  })

  it('answers NichtGefunden for a page the tenant has none of, and UngueltigeEingabe for an unknown key', async () => {
    expectError(await call(api('demo-closed', 'seite/impressum')), 404, 'NichtGefunden')
    expectError(await call(api('demo', 'seite/kochrezepte')), 400, 'UngueltigeEingabe')
  })

  it('answers FAQ, blocks, key visuals and flags', async () => {
    const faq = faqEntrySchema.array().parse((await call(api('demo', 'faq'))).json)
    expect(faq.length).toBeGreaterThanOrEqual(14)
    expect(new Set(faq.map((f) => f.Anker)).size).toBe(faq.length)
    const blocks = contentBlockSchema.array().parse((await call(api('demo', 'bloecke'))).json)
    expect(blocks.some((b) => b.Platz === 'home')).toBe(true)
    const visuals = keyVisualSchema.array().parse((await call(api('demo', 'keyvisuals'))).json)
    expect(visuals.some((k) => k.Platz === 'home')).toBe(true)
    expect(contentFlagsSchema.parse((await call(api('demo', 'einstellungen'))).json)).toEqual({
      Barrierefreiheitserklaerung: true,
    })
    expect(contentFlagsSchema.parse((await call(api('demo-closed', 'einstellungen'))).json)).toEqual({
      Barrierefreiheitserklaerung: false,
    })
  })

  it('answers footnotes in the order asked for and refuses a malformed query', async () => {
    const response = await call(api('demo', 'fussnoten?q=fn-mobil-24,fn-unbekannt,fn-preis-24'))
    expect(
      footnoteSchema
        .array()
        .parse(response.json)
        .map((f) => f.Identifier),
    ).toEqual(['fn-mobil-24', 'fn-preis-24'])
    expectError(await call(api('demo', 'fussnoten')), 400, 'UngueltigeEingabe')
    expectError(await call(api('demo', 'fussnoten?q=%3Cscript%3E')), 400, 'UngueltigeEingabe')
  })

  it('serves a key visual as an image that runs nothing', async () => {
    const [visual] = keyVisualSchema.array().parse((await call(api('demo', 'keyvisuals'))).json)
    const response = await fetchRaw(api('demo', `assets/${visual!.Bild.Id}?width=800`))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).toMatch(/^<svg/)
    expectError(await call(api('demo', 'assets/gibt-es-nicht')), 404, 'NichtGefunden')
    expectError(await call(api('demo', 'assets/..%2Fde.json')), 400, 'UngueltigeEingabe')
    expectError(await call(api('demo', 'assets/kv?width=0')), 400, 'UngueltigeEingabe')
  })

  it('answers the languages and the tenant texts of a language', async () => {
    expect((await call(api('demo', 'getlanguages'))).json).toEqual([
      { Code: 'de', Name: 'Deutsch', Standard: true, Fallback: true },
      { Code: 'en', Name: 'English', Standard: false, Fallback: false },
    ])
    const closed = textOverridesSchema.parse((await call(api('demo-closed', 'getlanguagecontent/de'))).json)
    expect(Object.keys(closed).length).toBeGreaterThan(0)
    expect(JSON.stringify(closed)).toContain('Fjordnet')
    // Lumenta overrides one text only: the agency area's master-data lead, with its variables filled in.
    expect(
      Object.keys(textOverridesSchema.parse((await call(api('demo', 'getlanguagecontent/en'))).json)),
    ).toEqual(['Agency.masterData.lead'])
    expectError(await call(api('demo', 'getlanguagecontent/fr')), 400, 'UngueltigeEingabe')
  })

  it('refuses a token of the other tenant and a broken token, also on public content calls', async () => {
    const closedUser = await login('demo-closed', DEMO_CREDENTIALS['demo-closed'])
    expectError(await call(api('demo', 'faq'), { token: closedUser.token }), 401, 'PSOF0204')
    expectError(await call(api('demo', 'faq'), { token: 'kein.gueltiges.token' }), 401, 'PSOF0204')
  })
})

describe('text variables (content/variables, content/agenturvariables)', () => {
  afterAll(async () => {
    await call(api('demo', 'variables/JestHinweis'), { method: 'POST', body: { Wert: null }, ...operator })
    await call(api('demo', 'agenturvariables/4711'), {
      method: 'POST',
      body: { Name: 'Hotline', Wert: null },
      ...operator,
    })
  })

  it('lists the content variables of the tenant', async () => {
    // SPEC §7.6 writes the path with a trailing slash: it leads to the same answer.
    const list = (await call(api('demo', 'variables/'), { redirect: 'follow' })).json as {
      Name: string
      Wert: string
    }[]
    expect(list.map((v) => v.Name)).toEqual(expect.arrayContaining(['Hotline', 'HotlineZeiten']))
  })

  it('lets the operator set and remove a variable; nobody else', async () => {
    const set = (token?: string) =>
      call(api('demo', 'variables/JestHinweis'), {
        method: 'POST',
        body: { Wert: 'Gilt bis Jahresende' },
        token,
      })
    expectError(await set(), 401, 'PSOF0204')
    expectError(await set('falscher-schluessel'), 401, 'PSOF0204')
    const user = await login('demo', DEMO_CREDENTIALS.demo)
    expectError(await set(user.token), 401, 'PSOF0204')
    expectError(
      await call(api('demo', 'variables/JestHinweis'), { method: 'POST', body: { Wert: 42 }, ...operator }),
      400,
      'UngueltigeEingabe',
    )
    expectError(
      await call(api('demo', 'variables/1-kein-name'), { method: 'POST', body: { Wert: 'x' }, ...operator }),
      400,
      'UngueltigeEingabe',
    )
    const values = async () =>
      Object.fromEntries(
        ((await call(api('demo', 'variables'))).json as { Name: string; Wert: string }[]).map((v) => [
          v.Name,
          v.Wert,
        ]),
      )
    expect((await values()).JestHinweis).toBeUndefined()
    expect((await set(TEST_OPERATOR_API_KEY)).status).toBe(200)
    expect((await values()).JestHinweis).toBe('Gilt bis Jahresende')
    const removed = await call(api('demo', 'variables/JestHinweis'), {
      method: 'POST',
      body: { Wert: null },
      ...operator,
    })
    expect(removed.status).toBe(200)
    expect((await values()).JestHinweis).toBeUndefined()
  })

  it('refuses a value with a lone surrogate (half a character) and stores nothing', async () => {
    const refused = await call(api('demo', 'agenturvariables/4711'), {
      method: 'POST',
      body: { Name: 'Hotline', Wert: '040\ud800 4711' },
      ...operator,
    })
    expectError(refused, 400, 'UngueltigeEingabe')
    const forAgency = (await call(api('demo', 'variables?agentur=4711'))).json as { Wert: string }[]
    expect(forAgency.some((v) => v.Wert.includes('040\ufffd'))).toBe(false)
    expect(JSON.stringify(forAgency)).not.toContain('\\ud800')
  })

  it('gives an agency its own value over the tenant value', async () => {
    const response = await call(api('demo', 'agenturvariables/4711'), {
      method: 'POST',
      body: { Name: 'Hotline', Wert: '040 4711 4711' },
      ...operator,
    })
    expect(response.status).toBe(200)
    expect(response.json).toEqual([{ Name: 'Hotline', Wert: '040 4711 4711' }])
    const forAgency = (await call(api('demo', 'variables?agentur=4711'))).json as {
      Name: string
      Wert: string
    }[]
    expect(forAgency.find((v) => v.Name === 'Hotline')?.Wert).toBe('040 4711 4711')
    const general = (await call(api('demo', 'variables'))).json as { Name: string; Wert: string }[]
    expect(general.find((v) => v.Name === 'Hotline')?.Wert).not.toBe('040 4711 4711')
    expectError(
      await call(api('demo', 'agenturvariables/4711'), {
        method: 'POST',
        body: { Name: 'Hotline', Wert: 'x' },
      }),
      401,
      'PSOF0204',
    )
  })

  it('fills the tenant texts with an agency’s own values for its area (getlanguagecontent?agentur=)', async () => {
    const lead = async (query: string) =>
      ((await call(api('demo', `getlanguagecontent/de${query}`))).json as Record<string, string>)[
        'Agency.masterData.lead'
      ]
    // The demo tenant's text names the programme's partner team; the demo agency its own contact person.
    expect(await lead('')).toContain('Partnerteam Lumenta, partner@lumenta.example')
    expect(await lead('?agentur=sonnenschein')).toContain(
      'Sabine Roth, sabine.roth@lumenta.example · 030 5862 3301',
    )
    // An agency without values of its own reads the tenant's; one the operator gives a value, that value.
    expect(await lead('?agentur=4712')).toContain('Partnerteam Lumenta')
    await call(api('demo', 'agenturvariables/4712'), {
      method: 'POST',
      body: { Name: 'AgenturBetreuung', Wert: 'Team Nord' },
      ...operator,
    })
    try {
      expect(await lead('?agentur=4712')).toContain('Ihre Ansprechperson für Änderungen: Team Nord, partner@')
    } finally {
      await call(api('demo', 'agenturvariables/4712'), {
        method: 'POST',
        body: { Name: 'AgenturBetreuung', Wert: null },
        ...operator,
      })
    }
    expectError(
      await call(api('demo', 'getlanguagecontent/de?agentur=kein%20schluessel')),
      400,
      'UngueltigeEingabe',
    )
  })
})

// A tenant of this test whose content comes from a Squidex-type service on loopback.
const SLUG = 'inhalt-test'
const WEBHOOK_SECRET = 'jest-webhook-secret-0123456789abcdef'

const fixture = (locale: 'de' | 'en'): FileContent => ({
  flags: { Barrierefreiheitserklaerung: false },
  seiten: [
    {
      Id: 'seite-agb',
      Schluessel: 'agb',
      Titel: locale === 'de' ? 'Teilnahmebedingungen' : 'Terms of participation',
      Einleitung: null,
      Stand: '2026-11-01',
      Inhalte: [
        {
          Id: 'seite-agb-0',
          Titel: locale === 'de' ? 'Wer teilnehmen darf' : 'Who may take part',
          Html:
            locale === 'de'
              ? '<p>Volljährige mit Wohnsitz in Deutschland. Fragen: {{Hotline}} bei {{Name}}.</p><script>alert(1)</script>'
              : '<p>Adults living in Germany. Questions: {{Hotline}} at {{Name}}.</p>',
        },
      ],
    },
    {
      Id: 'seite-datenschutz',
      Schluessel: 'datenschutz',
      Titel: locale === 'de' ? 'Datenschutz' : 'Privacy',
      Einleitung: null,
      Stand: null,
      Inhalte: [{ Id: 'seite-datenschutz-0', Titel: null, Html: '<p>{{Email.Support}}</p>' }],
    },
  ],
  bloecke: [],
  keyVisuals: [],
  faq: [],
  fussnoten: [],
  variablen: [{ Name: 'Hotline', Wert: '0800 000 111' }],
  texte: {},
})

async function fetchRaw(path: string, init: RequestInit = {}) {
  const { BASE_URL } = await import('../support/test-server')
  return fetch(`${BASE_URL}${path}`, { redirect: 'manual', ...init })
}

describe('a tenant whose content comes from a Squidex-type content service', () => {
  let squidex: SquidexServer

  beforeAll(async () => {
    const { content, ids } = toSquidexContent({ de: fixture('de'), en: fixture('en') })
    squidex = await startSquidexServer({
      clientId: 'inhalt-test:portal',
      clientSecret: 'inhalt-test-secret',
      appName: SLUG,
      content,
    })
    await putTestTenant(SLUG, 'Inhaltstest', {
      Name: 'Inhaltstest GmbH',
      Content: {
        Source: 'squidex',
        Url: squidex.url,
        AppName: SLUG,
        ClientId: 'inhalt-test:portal',
        ClientSecret: 'inhalt-test-secret',
        WebhookSecret: WEBHOOK_SECRET,
        Ids: ids,
      },
    })
  })

  afterAll(async () => {
    await squidex.close()
  })

  it('keeps the secrets out of the public configuration', async () => {
    const response = await call(`/api/v1/mandant/${SLUG}`)
    expect(response.status).toBe(200)
    expect(response.text).not.toContain('inhalt-test-secret')
    expect(response.text).not.toContain(WEBHOOK_SECRET)
    expect(publicTenantConfigSchema.parse(response.json).Settings.Content.Source).toBe('squidex')
  })

  it('answers pages from the content service with variables and the tenant filled in', async () => {
    const de = contentPageSchema.parse((await call(api(SLUG, 'seite/agb'))).json)
    expect(de.Titel).toBe('Teilnahmebedingungen')
    expect(de.Inhalte[0]!.Html).toContain('Fragen: 0800 000 111 bei Inhaltstest GmbH.')
    const en = contentPageSchema.parse((await call(api(SLUG, 'seite/agb'), { locale: 'en' })).json)
    expect(en.Inhalte[0]!.Html).toContain('Questions: 0800 000 111 at Inhaltstest GmbH.')
    const privacy = contentPageSchema.parse((await call(api(SLUG, 'seite/datenschutz'))).json)
    expect(privacy.Inhalte[0]!.Html).toBe('<p>hilfe@inhaltstest.example</p>')
    expect(squidex.stats.tokensIssued).toBeGreaterThanOrEqual(1)
  })

  it('answers InhaltNichtVerfuegbar (503) while the content service is down', async () => {
    squidex.setMode('outage')
    try {
      expectError(await call(api(SLUG, 'seite/agb')), 503, 'InhaltNichtVerfuegbar')
      expectError(await call(api(SLUG, 'faq'), { locale: 'en' }), 503, 'InhaltNichtVerfuegbar', 'en')
    } finally {
      squidex.setMode('ok')
    }
  })

  it('shows the cached page during an outage, and says "Inhalt nicht verfügbar" where nothing was cached', async () => {
    const first = await fetchRaw(`/${SLUG}/agb`)
    expect(first.status).toBe(200)
    const html = await first.text()
    expect(html).toContain('Wer teilnehmen darf')
    expect(html).not.toContain('<script>alert(1)</script>')
    squidex.setMode('outage')
    try {
      const webhook = await fetchRaw(api(SLUG, 'webhook'), {
        method: 'POST',
        headers: { 'X-Webhook-Secret': WEBHOOK_SECRET },
        body: '{"type":"ContentPublished"}',
      })
      expect(webhook.status).toBe(200)
      const cached = await fetchRaw(`/${SLUG}/agb`)
      expect(cached.status).toBe(200)
      expect(await cached.text()).toContain('Wer teilnehmen darf')
      const uncached = await fetchRaw(`/${SLUG}/datenschutz`)
      expect(uncached.status).toBe(200)
      expect(await uncached.text()).toContain('Inhalt nicht verfügbar')
    } finally {
      squidex.setMode('ok')
    }
  })

  it('takes the publish webhook only with the secret, plain or as Squidex signs', async () => {
    const body = '{"type":"ContentUpdated","payload":{"schemaId":"seiten"}}'
    const post = (headers: Record<string, string>) =>
      fetchRaw(api(SLUG, 'webhook'), { method: 'POST', headers, body })
    expect((await post({})).status).toBe(401)
    expect((await post({ 'X-Webhook-Secret': 'falsch' })).status).toBe(401)
    expect((await post({ 'X-Signature': 'falsch' })).status).toBe(401)
    const signature = createHash('sha256')
      .update(body + WEBHOOK_SECRET)
      .digest('base64')
    const signed = await post({ 'X-Signature': signature })
    expect(signed.status).toBe(200)
    expect(await signed.json()).toEqual({ Erneuert: true })
    // The demo tenants have no webhook secret: their webhook takes nothing.
    expect((await fetchRaw(api('demo', 'webhook'), { method: 'POST', body })).status).toBe(401)
  })

  it('lets the operator point the tenant at its content, and nobody else', async () => {
    const put = (body: unknown, token?: string) =>
      call(`/api/v1/${SLUG}/operator/inhaltsquelle`, { method: 'PUT', body, token })
    expectError(await put({ Source: 'files' }), 401, 'PSOF0204')
    const user = await login('demo', DEMO_CREDENTIALS.demo)
    expectError(await put({ Source: 'files' }, user.token), 401, 'PSOF0204')
    // demo has no address of a content service: it cannot be switched to one without it.
    expectError(
      await call('/api/v1/demo/operator/inhaltsquelle', {
        method: 'PUT',
        body: { Source: 'squidex' },
        ...operator,
      }),
      400,
      'UngueltigeEingabe',
    )
    expectError(await put({ Source: 'cms' }, TEST_OPERATOR_API_KEY), 400, 'UngueltigeEingabe')
    const answer = await put({ Source: 'squidex', Url: `${squidex.url}/` }, TEST_OPERATOR_API_KEY)
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({ Source: 'squidex', Url: squidex.url, ClientSecretGesetzt: true })
    expect(answer.text).not.toContain('inhalt-test-secret')
  })

  it('creates and replaces tenants only for the operator, with valid settings', async () => {
    const settings = {
      Name: 'X',
      ProgrammName: 'Y',
      SupportEmail: 'a@b.example',
      MandantUrl: 'https://x.example',
    }
    expectError(
      await call('/api/v1/mandant/inhalt-test-2', { method: 'PUT', body: settings }),
      401,
      'PSOF0204',
    )
    expectError(
      await call('/api/v1/mandant/inhalt-test-2', { method: 'PUT', body: { Name: 'X' }, ...operator }),
      400,
      'UngueltigeEingabe',
    )
    expectError(
      await call('/api/v1/mandant/api', { method: 'PUT', body: settings, ...operator }),
      404,
      'NichtGefunden',
    )
    expectError(await call('/api/v1/mandant/inhalt-test-2'), 404, 'MandantUnbekannt')
  })
})
