import type { ShipTo } from '@b2b/shared';

/** A ship-to address as a postal label. */
export function ShipToAddress({ shipTo }: { shipTo: ShipTo }) {
  return (
    <address className="leading-relaxed not-italic">
      <span className="font-medium">{shipTo.name}</span>
      <br />
      {shipTo.line1}
      {shipTo.line2 ? (
        <>
          <br />
          {shipTo.line2}
        </>
      ) : null}
      <br />
      {[shipTo.postalCode, shipTo.city].filter(Boolean).join(' ')}
      <br />
      {shipTo.country}
      {shipTo.phone ? (
        <>
          <br />
          <span className="text-base-content/70">Phone: {shipTo.phone}</span>
        </>
      ) : null}
    </address>
  );
}
