import type { ReactNode } from 'react'
import '../globals.css'

// Development tools (only with DEV_TOOLS=true, never in production): German, without a tenant's shell.
export default function DevLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="de">
      <body>
        <main id="main">
          <div className="container">{children}</div>
        </main>
      </body>
    </html>
  )
}
