/**
 * The fields of a form that a server action received. An action is a public endpoint: anyone can post
 * it arguments of their own in React's reply encoding (a string, an object, nothing at all), and a
 * browser without JavaScript posts the form as the only argument. So an action never takes its argument
 * for the form: anything but a FormData yields no fields, which the action's schema then refuses like an
 * empty form, instead of a TypeError that answers 500.
 */
export function formFields(formData: unknown): Record<string, FormDataEntryValue> {
  return formData instanceof FormData ? Object.fromEntries(formData) : {}
}
