const ICONS = new Set(['router', 'fiber', 'tv', 'sport', 'sim', 'phone', 'tablet', 'stick', 'business'])

/** A decorative outline icon for a product category (drawn by app/globals.css). */
export function CategoryIcon({ name }: { name: string }) {
  return <span className={`card__icon card__icon--${ICONS.has(name) ? name : 'router'}`} aria-hidden="true" />
}
