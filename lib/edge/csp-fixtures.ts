import { createHash } from 'node:crypto'
import type http from 'node:http'

/** What the CSP hash tests share: pages with Next's inline scripts and policy readers. */
// The compression middleware Next runs inside its request handler (router-server.js), after the
// wrappers of server.mjs have patched the response.
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const compression = require('next/dist/compiled/compression') as () => (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  next: () => void,
) => void

export const BOOTSTRAP = '(self.__next_f=self.__next_f||[]).push([0])'
// sha256 of BOOTSTRAP, computed independently (printf … | openssl dgst -sha256 -binary | base64).
export const BOOTSTRAP_HASH = "'sha256-OBTN3RiyCV4Bq7dFqZ5a2pAXjnCcCYeTJMO2I/LYKeo='"
export const FLIGHT = 'self.__next_f.push([1,"0:{}\\n"])'
export const FLIGHT_HASH = "'sha256-+799Bi+9FT749dqdU0099c7Ro1Wczu7zEnBL261x/CU='"
export const TURBOPACK =
  '(globalThis["TURBOPACK"] || (globalThis["TURBOPACK"] = [])).push({"otherChunks":["static/chunks/a.js"],"runtimeModuleIds":[94553]});'

export function sha(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

export function page(...scripts: string[]): string {
  return [
    '<!DOCTYPE html><html lang="de"><head><meta charset="utf-8">',
    '<script src="/_next/static/chunks/main.js" async=""></script>',
    '</head><body><h1>Empfehlen</h1>',
    ...scripts,
    '</body></html>',
  ].join('')
}

export type Policy = string | string[] | null | undefined

export function scriptSrc(policy: Policy): string {
  return /(?:^|;)\s*(script-src [^;]*)/.exec(String(policy ?? ''))?.[1] ?? '(none)'
}

export function directive(policy: Policy, name: string): string | undefined {
  return String(policy ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.split(/\s+/)[0] === name)
}
