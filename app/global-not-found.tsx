import type { Metadata } from 'next'
import de from '@/messages/de.json'
import './globals.css'

// Paths outside any tenant (and unknown tenants' paths that never reach a layout).
export const metadata: Metadata = { title: de.NotFound.title }

export default function GlobalNotFound() {
  return (
    <html lang="de">
      <body>
        <main id="main">
          <div className="container">
            <h1>{de.NotFound.title}</h1>
            <p className="lead">{de.NotFound.message}</p>
            <p>{de.NotFound.tenantUnknown}</p>
          </div>
        </main>
      </body>
    </html>
  )
}
