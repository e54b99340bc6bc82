// PUT /api/v1/{tenant}/agentur/auftragfreigeben/{Auftragsnummer}/{Empfehlungsnummer} — release an agency order (view AuftragsReport)
import { z } from 'zod'
import { orderReleaseSchema } from '@/lib/contracts/agency'
import { apiHandler, parseOrThrow } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { releaseOrder } from '@/lib/engine/agency/release-order'
import { systemClock } from '@/lib/engine/clock'

const number = z.string().regex(/^[A-Za-z0-9._/-]{1,40}$/)

const put = apiHandler(
  {
    auth: ['agency'],
    agencyView: 'AuftragsReport',
    response: orderReleaseSchema,
    errors: [
      'NichtGefunden',
      'AuftragBereitsFreigegeben',
      'FreigabeDurchAnderePerson',
      'AuftragNichtFreigebbar',
    ],
  },
  ({ tenant, agency, params }) =>
    releaseOrder(
      tenant,
      agency!,
      { auftragsnummer: parseOrThrow(number, params.a), empfehlungsnummer: parseOrThrow(number, params.b) },
      systemClock,
    ),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ PUT: put })
