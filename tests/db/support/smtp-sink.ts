import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message an SMTP sink took: its Message-ID and its recipients (comma-separated). */
export type Received = { messageId: string; to: string }

/**
 * An SMTP server on loopback in the test's process that takes every message (no TLS, no login) and
 * notes it, so a test counts what was really handed to SMTP. Port 0: a free one.
 */
export function startSmtp(port = 0): Promise<{ server: SMTPServer; port: number; received: Received[] }> {
  const received: Received[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = ''
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? ''
        received.push({ messageId, to: session.envelope.rcptTo.map((r) => r.address).join(',') })
        callback()
      })
    },
  })
  // A sender that goes away in the middle of a message (a server a test kills) is reported as an error
  // event; unheard, it would end the test's process. The message does not count: it never arrived.
  server.on('error', () => undefined)
  return new Promise((resolve) =>
    server.listen(port, '127.0.0.1', () =>
      resolve({ server, port: (server.server.address() as AddressInfo).port, received }),
    ),
  )
}

export function stopSmtp(server: SMTPServer) {
  return new Promise<void>((resolve) => server.close(() => resolve()))
}
