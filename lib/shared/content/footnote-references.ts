/** The footnote identifiers a list of products references, each once, in order of first reference. */
export function footnoteReferences(products: readonly { Fussnote: string | null }[]): string[] {
  return [...new Set(products.map((p) => p.Fussnote).filter((f): f is string => Boolean(f)))]
}
