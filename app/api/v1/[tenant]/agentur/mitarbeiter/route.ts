// GET  /api/v1/{tenant}/agentur/mitarbeiter — the agency's employees (owner, view Mitarbeiter)
// POST /api/v1/{tenant}/agentur/mitarbeiter — add an employee by e-mail address and employee number
import { newStaffMemberSchema, staffMemberSchema, staffSchema } from '@/lib/contracts/agency'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { addStaffMember } from '@/lib/engine/agency/staff/add-staff-member'
import { listStaff } from '@/lib/engine/agency/staff/list-staff'
import { systemClock } from '@/lib/engine/clock'

const get = apiHandler({ auth: ['agency'], agencyView: 'Mitarbeiter', response: staffSchema }, ({ agency }) =>
  listStaff(agency!),
)

const post = apiHandler(
  {
    auth: ['agency'],
    agencyView: 'Mitarbeiter',
    agencyEdit: true,
    body: newStaffMemberSchema,
    response: staffMemberSchema,
    errors: ['MitarbeiterVorhanden', 'MitarbeiternummerVergeben'],
  },
  ({ tenant, agency, body }) => addStaffMember(tenant, agency!, body, systemClock),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get, POST: post })
