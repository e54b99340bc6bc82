import { ApiError } from './errors'

// An ApiError made by another bundle's copy of the class (Next loads each route handler as a bundle of
// its own) is still an ApiError where it arrives, e.g. a kept product read shared by two routes.

function otherBundlesApiError(): typeof ApiError {
  let copy: typeof ApiError | undefined
  jest.isolateModules(() => {
    copy = (jest.requireActual('./errors') as typeof import('./errors')).ApiError
  })
  return copy!
}

it('recognises an ApiError of another copy of the class, with its code and status', () => {
  const Other = otherBundlesApiError()
  expect(Other).not.toBe(ApiError)
  const error: unknown = new Other('NichtGefunden')
  expect(error instanceof ApiError).toBe(true)
  expect(error).toMatchObject({ code: 'NichtGefunden', status: 404 })
  expect(new ApiError('ZuGross') instanceof Other).toBe(true)
})

it('does not take other errors, or look-alikes without the mark, for an ApiError', () => {
  expect(new Error('NichtGefunden') instanceof ApiError).toBe(false)
  expect(
    Object.assign(new Error('x'), { name: 'ApiError', code: 'NichtGefunden', status: 404 }) instanceof
      ApiError,
  ).toBe(false)
  expect((null as unknown) instanceof ApiError).toBe(false)
  expect(('NichtGefunden' as unknown) instanceof ApiError).toBe(false)
})
