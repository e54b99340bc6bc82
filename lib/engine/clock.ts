/** An injectable clock: engine verbs take `clock` so time-based rules are testable. */
export type Clock = () => Date
export const systemClock: Clock = () => new Date()
