// GET /api/v1/{tenant}/account/passwortvalidator — the password rule as data for forms
import { apiHandler } from '@/lib/engine/http/api-handler'
import { type PasswordValidator, passwordValidatorSchema } from '@/lib/contracts/password'
import { PASSWORD_PATTERN, PASSWORD_RULE } from '@/lib/contracts/password-rule'
import { messagesFor } from '@/lib/i18n/messages'
import { apiRoute } from '@/lib/engine/http/api-route'

const handler = apiHandler(
  { auth: 'public', response: passwordValidatorSchema },
  async ({ locale }): Promise<PasswordValidator> => ({
    ...PASSWORD_RULE,
    Muster: PASSWORD_PATTERN,
    Meldung: messagesFor(locale).Validation.password,
  }),
)

export const { GET, POST, PUT, DELETE, PATCH } = apiRoute({ GET: handler })
