/** A customer number as answers and mails show it: all but the last three characters hidden. */
export function maskCustomerNumber(nr: string): string {
  return `${'•'.repeat(Math.max(0, nr.length - 3))}${nr.slice(-3)}`
}
