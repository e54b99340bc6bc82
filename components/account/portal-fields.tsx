/** The hidden fields every portal form sends: the tenant segment (tenant and locale) and the widget mark. */
export function PortalFields({ tenant, widget }: { tenant: string; widget?: string }) {
  return (
    <>
      <input type="hidden" name="tenant" value={tenant} />
      {widget !== undefined && <input type="hidden" name="widget" value={widget} />}
    </>
  )
}
