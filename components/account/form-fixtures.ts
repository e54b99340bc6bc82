import type { FormAction, FormState } from '@/lib/portal/form-state'

// What the account form tests share.

/** A form action that stays pending until the test calls `finish` with the state it answers. */
export function pendingAction() {
  let resolveState: (state: FormState) => void = () => {}
  const action = jest.fn<Promise<FormState>, Parameters<FormAction>>(
    () =>
      new Promise<FormState>((resolve) => {
        resolveState = resolve
      }),
  )
  return { action, finish: (state: FormState) => resolveState(state) }
}
