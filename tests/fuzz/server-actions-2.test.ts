import { serverActionsSuite } from './support/server-actions-suite'

// Generated hostile input for the build's server actions, part 2 of 2 (support/server-actions-suite.ts).
serverActionsSuite(1, 2)
