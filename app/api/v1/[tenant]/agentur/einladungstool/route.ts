// GET /api/v1/{tenant}/agentur/einladungstool — the employee numbers the caller may send invitations for (view Einladungstool)
import { invitationToolSchema } from '@/lib/contracts/invitation'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { invitationTool } from '@/lib/engine/agency/invitations/invitation-tool'

const get = apiHandler(
  { auth: ['agency'], agencyView: 'Einladungstool', response: invitationToolSchema },
  ({ agency }) => invitationTool(agency!),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get })
