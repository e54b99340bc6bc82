// POST /api/v1/{tenant}/operator/gutscheine {Gutscheine: [{Code, WertCent, Anbieter}]} — operator: import
// voucher codes into the pool (known codes skipped); waiting voucher rewards get theirs at once
import { z } from 'zod'
import { singleLine } from '@/lib/contracts/text-input'
import { VOUCHER_IMPORT_LIMIT } from '@/lib/edge/body-limits.mjs'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { importVoucherCodes } from '@/lib/engine/rewards/vouchers'
import { voucherImportSchema } from '@/lib/contracts/operator'

const body = z.object({
  Gutscheine: z
    .array(
      z.object({
        Code: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9-]{4,64}$/),
        WertCent: z.number().int().min(1).max(1_000_000),
        // Named in the voucher mail: one line (lib/contracts/text-input.ts).
        Anbieter: singleLine({ min: 1, max: 100 }),
      }),
    )
    .min(1)
    .max(10_000),
})

const handler = apiHandler(
  { auth: 'operator', body, bodyLimit: VOUCHER_IMPORT_LIMIT, response: voucherImportSchema },
  async ({ tenant, body }) => importVoucherCodes(tenant, body.Gutscheine),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ POST: handler })
