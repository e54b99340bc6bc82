/** Hands an app's address (instagram://…) to the browser, which opens the app when it is installed. */
export function followDeepLink(url: string): void {
  window.location.href = url
}
