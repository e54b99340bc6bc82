// GET /api/v1/{tenant}/content/fussnoten?q=id1,id2 — the footnotes with these identifiers, in that order
import { z } from 'zod'
import { contentFootnotes } from '@/lib/engine/content/content-footnotes'
import { apiHandler } from '@/lib/engine/http/api-handler'
import { apiRoute } from '@/lib/engine/http/api-route'
import { footnotesSchema } from '@/lib/contracts/content'

const querySchema = z.object({
  q: z
    .string()
    .max(2000)
    .transform((q) => [
      ...new Set(
        q
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(
          z
            .string()
            .max(100)
            .regex(/^[\w.-]+$/),
        )
        .max(50),
    ),
})

const handler = apiHandler(
  { auth: 'public', query: querySchema, response: footnotesSchema, errors: ['InhaltNichtVerfuegbar'] },
  async ({ tenant, locale, query }) => contentFootnotes(tenant, locale, query.q),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
