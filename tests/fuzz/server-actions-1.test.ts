import { serverActionsSuite } from './support/server-actions-suite'

// Generated hostile input for the build's server actions, part 1 of 2 (support/server-actions-suite.ts).
serverActionsSuite(0, 2)
