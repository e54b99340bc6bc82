// PUT /api/v1/{tenant}/agentur/mitarbeiter/{id} — deactivate or reactivate an employee {Aktiv} (owner)
import { z } from 'zod'
import { staffActiveSchema, staffMemberSchema } from '@/lib/contracts/agency'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { setStaffActive } from '@/lib/engine/agency/staff/set-staff-active'
import { systemClock } from '@/lib/engine/clock'

const put = apiHandler(
  {
    auth: ['agency'],
    agencyView: 'Mitarbeiter',
    agencyEdit: true,
    body: staffActiveSchema,
    response: staffMemberSchema,
    errors: ['NichtGefunden'],
  },
  ({ agency, params, body }) =>
    setStaffActive(agency!, parseOrThrow(z.uuid(), params.id), body.Aktiv, systemClock),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: put })
