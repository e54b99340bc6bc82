import { captureSchemas } from './support/declared-schemas'
import { mainApiSuite } from './support/main-api-suite'

// Generated hostile input for the main API, part 1 of 2 (support/main-api-suite.ts). The schemas the
// handlers declare are recorded as apiHandler makes them, to draw input close to the valid.
jest.mock('@/lib/engine/http/api-handler', () =>
  captureSchemas(jest.requireActual('@/lib/engine/http/api-handler')),
)

mainApiSuite(0, 2)
