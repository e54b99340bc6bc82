const PATHS: Record<string, string> = {
  router: 'M4 14h16v5H4zM7 16.5h.01M11 16.5h.01M8 14l-2-6M16 14l2-6M9 6a4 4 0 0 1 6 0',
  fiber: 'M3 12c3-6 6 6 9 0s6 6 9 0M3 6c3 4 6-4 9 0s6-4 9 0M3 18c3 4 6-4 9 0s6-4 9 0',
  tv: 'M3 5h18v12H3zM8 21h8M12 17v4',
  sport: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7l4 3-1.5 4.5h-5L8 10z',
  sim: 'M7 3h7l4 4v14H7zM10 12h5v5h-5z',
  phone: 'M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1zM11 18h2',
  tablet: 'M5 3h14a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM11 18h2',
  stick: 'M9 2h6v6H9zM7 8h10v12a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2z',
  business: 'M3 7h18v13H3zM8 7V4h8v3M3 12h18',
}

/** A decorative outline icon for a product category. */
export function CategoryIcon({ name }: { name: string }) {
  return (
    <svg
      className="card__icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name] ?? PATHS.router} />
    </svg>
  )
}
