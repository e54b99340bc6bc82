/**
 * The commission of a product from its Provision (SPEC §3, e.g. `standard;5000`: a scheme and the
 * amount in cents): the amount, or 0 where a product has none or it cannot be read.
 */
export function commissionCent(provision: string | null | undefined): number {
  const amount = /^[^;]*;\s*(\d{1,9})\s*$/.exec(provision ?? '')?.[1]
  return amount === undefined ? 0 : Number(amount)
}
