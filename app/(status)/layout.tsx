import type { ReactNode } from 'react'
import '../globals.css'

export default function StatusLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="de">
      <body>{children}</body>
    </html>
  )
}
