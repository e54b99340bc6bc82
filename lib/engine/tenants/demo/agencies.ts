import type { agencies } from '@/lib/db/schema'

type DemoAgency = Omit<typeof agencies.$inferInsert, 'id' | 'tenantSlug' | 'createdAt'>

/**
 * The demo agencies per demo tenant (invented; .example addresses). Their keys are the `department`
 * claims of the local OpenID provider's users (demo/sso.json): the Nordlicht owner belongs to the
 * Fjordnet programme, so Lumenta refuses her.
 */
export const DEMO_AGENCIES: Record<string, DemoAgency[]> = {
  demo: [
    {
      key: 'sonnenschein',
      name: 'Sonnenschein Vertrieb GmbH',
      street: 'Sonnenallee 112',
      postcode: '12045',
      town: 'Berlin',
      email: 'kontakt@sonnenschein-vertrieb.example',
      phone: '030 1234567',
      ibanLast4: '3000',
    },
  ],
  'demo-closed': [
    {
      key: 'nordlicht',
      name: 'Nordlicht Vertrieb KG',
      street: 'Hafenstraße 8',
      postcode: '24103',
      town: 'Kiel',
      email: 'buero@nordlicht-vertrieb.example',
      phone: '0431 765432',
      ibanLast4: '4711',
    },
  ],
}

type DemoAgent = { externeId: string; vorname: string; nachname: string; plz: string; ort: string }

/** The demo agencies' sales agents (by agency key); their numbers attribute recommendations. */
export const DEMO_AGENTS: Record<string, DemoAgent[]> = {
  sonnenschein: [
    { externeId: 'SV-1001', vorname: 'Jonas', nachname: 'Becker', plz: '12045', ort: 'Berlin' },
    { externeId: 'SV-1002', vorname: 'Aylin', nachname: 'Demir', plz: '10967', ort: 'Berlin' },
    { externeId: 'SV-1003', vorname: 'Marta', nachname: 'Nowak', plz: '14467', ort: 'Potsdam' },
    { externeId: 'SV-1004', vorname: 'Felix', nachname: 'Hoffmann', plz: '15230', ort: 'Frankfurt (Oder)' },
    { externeId: 'SV-1005', vorname: 'Lina', nachname: 'Krüger', plz: '10115', ort: 'Berlin' },
    { externeId: 'SV-1006', vorname: 'Mehmet', nachname: 'Yılmaz', plz: '12043', ort: 'Berlin' },
    { externeId: 'SV-1007', vorname: 'Sophie', nachname: 'Lange', plz: '10437', ort: 'Berlin' },
    { externeId: 'SV-1008', vorname: 'Tobias', nachname: 'Schmitt', plz: '13347', ort: 'Berlin' },
    { externeId: 'SV-1009', vorname: 'Nora', nachname: 'Fischer', plz: '12053', ort: 'Berlin' },
    { externeId: 'SV-1010', vorname: 'Karim', nachname: 'Haddad', plz: '10247', ort: 'Berlin' },
    { externeId: 'SV-1011', vorname: 'Greta', nachname: 'Vogt', plz: '14482', ort: 'Potsdam' },
    { externeId: 'SV-1012', vorname: 'Piotr', nachname: 'Lewandowski', plz: '12047', ort: 'Berlin' },
  ],
  nordlicht: [
    { externeId: 'NL-2001', vorname: 'Hauke', nachname: 'Petersen', plz: '24103', ort: 'Kiel' },
    { externeId: 'NL-2002', vorname: 'Svenja', nachname: 'Jansen', plz: '24937', ort: 'Flensburg' },
    { externeId: 'NL-2003', vorname: 'Deniz', nachname: 'Kaya', plz: '23552', ort: 'Lübeck' },
  ],
}

type DemoEmployee = { email: string; name: string; employeeNumber: string; active: boolean }

/**
 * The demo agencies' employees (by agency key), as their owners entered them: the employee login of the
 * local OpenID provider among them; one deactivated, whose sign-in would be refused.
 */
export const DEMO_STAFF: Record<string, DemoEmployee[]> = {
  sonnenschein: [
    {
      email: 'mitarbeiter@sonnenschein-vertrieb.example',
      name: 'Mia Mitarbeiter',
      employeeNumber: 'SV-M-101',
      active: true,
    },
    {
      email: 'jan.schulze@sonnenschein-vertrieb.example',
      name: 'Jan Schulze',
      employeeNumber: 'SV-M-102',
      active: true,
    },
    {
      email: 'tim.vogel@sonnenschein-vertrieb.example',
      name: 'Tim Vogel',
      employeeNumber: 'SV-M-104',
      active: true,
    },
    {
      email: 'lea.krueger@sonnenschein-vertrieb.example',
      name: 'Lea Krüger',
      employeeNumber: 'SV-M-103',
      active: false,
    },
  ],
  nordlicht: [
    {
      email: 'finja.hansen@nordlicht-vertrieb.example',
      name: 'Finja Hansen',
      employeeNumber: 'NL-M-201',
      active: true,
    },
  ],
}

/**
 * The demo agencies' own text variables (content/agenturvariables, by agency key): Sonnenschein's contact
 * person, filled into the tenant's texts of its area over the tenant's partner team.
 */
export const DEMO_AGENCY_VARIABLES: Record<string, Record<string, string>> = {
  sonnenschein: {
    AgenturBetreuung: 'Sabine Roth',
    AgenturBetreuungKontakt: 'sabine.roth@lumenta.example · 030 5862 3301',
  },
}
