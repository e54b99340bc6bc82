import 'server-only'
import type { Staff } from '@/lib/contracts/agency'
import { getDb } from '@/lib/engine/db'
import type { AgencySessionUser } from '../agency-session'
import { staffMembers } from './staff-rows'

/** GET agentur/mitarbeiter (owner): the agency's employees. */
export async function listStaff(user: AgencySessionUser): Promise<Staff> {
  return { Mitarbeiter: await staffMembers(await getDb(), user.agency.id) }
}
