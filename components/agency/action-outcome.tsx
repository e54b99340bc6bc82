import { getAgencyTranslations } from '@/lib/portal/agency-texts'

/**
 * What a server action of the agency area came back with (?ergebnis=…): a success of the screen, a
 * problem of its form, or an error code of the catalogue (an unknown one shown as the general error).
 */
export async function ActionOutcome({
  outcome,
  successes,
  problems = {},
}: {
  outcome: string
  successes: Readonly<Record<string, string>>
  problems?: Readonly<Record<string, string>>
}) {
  if (!outcome) return null
  if (Object.hasOwn(successes, outcome))
    return (
      <p className="alert alert--success" role="status">
        {successes[outcome]}
      </p>
    )
  const errors = await getAgencyTranslations('Errors')
  const code = errors.has(outcome as 'Default') ? (outcome as 'Default') : 'Default'
  return (
    <p className="alert alert--error" role="alert">
      {Object.hasOwn(problems, outcome) ? problems[outcome] : errors(code)}
    </p>
  )
}
