export const PREPARED_LIMIT: number
export function isRepeatedStatement(text: string): boolean
