// GET /api/v1/{tenant}/praemierung/ (?details={PraemieId}) and PUT /praemierung/ — the caller's rewards
// with the reward account balance, one reward with its history, and picking a ready reward once. The
// bearer is the referrer's or recipient's token, or the reward link's own token.
import { apiHandler, type HandlerContext } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import {
  pickRewardRequestSchema,
  praemierungQuerySchema,
  praemierungenSchema,
  praemierungDetailsSchema,
} from '@/lib/contracts/praemierung'
import { listPraemierungen } from '@/lib/engine/rewards/list-praemierungen'
import type { RewardCaller } from '@/lib/engine/rewards/own-rewards'
import { pickReward } from '@/lib/engine/rewards/pick-reward'
import { praemierungDetails } from '@/lib/engine/rewards/praemierung-details'
import { z } from 'zod'

const caller = ({
  auth,
  rewardToken,
}: Pick<HandlerContext<unknown, unknown>, 'auth' | 'rewardToken'>): RewardCaller =>
  rewardToken ? { rewardToken } : { claims: auth! }

const PICK_ERRORS = [
  'NichtAuthorisiert',
  'NichtGefunden',
  'PraemieBereitsAbgeholt',
  'PraemieNichtBereit',
  'PraemieStorniert',
  'PraemieAbgelaufen',
  'AuswahlNichtMoeglich',
  'BankdatenErforderlich',
  'KundennummerErforderlich',
] as const

const get = apiHandler(
  {
    auth: ['referrer', 'recipient'],
    rewardToken: true,
    query: praemierungQuerySchema,
    // ?details= answers one reward with its history.
    response: z.union([praemierungenSchema, praemierungDetailsSchema]),
    errors: ['NichtAuthorisiert', 'NichtGefunden'],
  },
  async (ctx) =>
    ctx.query.details
      ? praemierungDetails(ctx.tenant, caller(ctx), ctx.query.details)
      : listPraemierungen(ctx.tenant, caller(ctx)),
)

const put = apiHandler(
  {
    auth: ['referrer', 'recipient'],
    rewardToken: true,
    body: pickRewardRequestSchema,
    response: praemierungDetailsSchema,
    errors: PICK_ERRORS,
  },
  async (ctx) => pickReward(ctx.tenant, caller(ctx), ctx.body),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: get, PUT: put })
