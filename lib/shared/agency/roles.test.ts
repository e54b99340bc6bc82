import { AGENCY_ROLES, mayEdit, mayUse, roleFromClaim, viewsOf } from './roles'

describe('agency roles (SPEC §6)', () => {
  // SPEC §6 as a table: which of owner, inactive owner and employee has each view.
  const SPEC_VIEWS = {
    StatistikReport: [true, true, true],
    EmpfehlerReport: [true, true, true],
    AuftragsReport: [true, true, true],
    Praemien: [true, true, true],
    Praemienplan: [true, true, true],
    Verwaltung: [true, true, true],
    Stammdaten: [true, true, true],
    Rechnungen: [true, true, false],
    Einladungstool: [true, false, true],
    Mitarbeiter: [true, false, false],
  } as const

  it.each(AGENCY_ROLES.map((role, column) => [role, column] as const))(
    'gives %s exactly the views of SPEC §6',
    (role, column) => {
      const expected = Object.entries(SPEC_VIEWS)
        .filter(([, roles]) => roles[column])
        .map(([view]) => view)
      expect([...viewsOf(role)].sort()).toEqual(expected.sort())
      for (const [view, roles] of Object.entries(SPEC_VIEWS))
        expect(mayUse(role, view as keyof typeof SPEC_VIEWS)).toBe(roles[column])
    },
  )

  it('orders the tabs alike for every role', () => {
    expect(viewsOf('AgenturInhaber')[0]).toBe('StatistikReport')
    expect(viewsOf('AgenturMitarbeiter').indexOf('Einladungstool')).toBeLessThan(
      viewsOf('AgenturMitarbeiter').indexOf('Stammdaten'),
    )
  })

  it('lets owners, active or inactive, add and delete reward plans, never employees', () => {
    expect(mayEdit('AgenturInhaber', 'Praemienplan')).toBe(true)
    expect(mayEdit('AgenturInhaber_inaktiv', 'Praemienplan')).toBe(true)
    expect(mayEdit('AgenturMitarbeiter', 'Praemienplan')).toBe(false)
  })

  it.each([
    [['AgenturMitarbeiter'], 'AgenturMitarbeiter'],
    [['AgenturMitarbeiter', 'AgenturInhaber'], 'AgenturInhaber'],
    [['AgenturInhaber_inaktiv', 'AgenturMitarbeiter'], 'AgenturInhaber_inaktiv'],
    ['AgenturInhaber', 'AgenturInhaber'],
    ['AgenturMitarbeiter AgenturInhaber_inaktiv', 'AgenturInhaber_inaktiv'],
    [[], null],
    ['', null],
    [['Admin', 'agenturinhaber'], null],
    [undefined, null],
    [42, null],
    [{ role: 'AgenturInhaber' }, null],
  ])('reads the role claim %j as %s (no role is no access)', (claim, role) => {
    expect(roleFromClaim(claim)).toBe(role)
  })

  it('knows three roles', () => {
    expect(AGENCY_ROLES).toEqual(['AgenturInhaber', 'AgenturInhaber_inaktiv', 'AgenturMitarbeiter'])
  })
})
