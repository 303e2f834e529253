import { shipToSchema, type ShipTo } from '@b2b/shared';

/*
 * The last ship-to address of each signed-in user, remembered in this browser so the next
 * checkout starts filled in. Anything unreadable is ignored, never an error.
 */

const keyFor = (uid: string) => `b2b.shipTo.${uid}`;

export function loadShipTo(uid: string): ShipTo | null {
  try {
    const stored = window.localStorage.getItem(keyFor(uid));
    if (!stored) return null;
    const parsed = shipToSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function saveShipTo(uid: string, shipTo: ShipTo): void {
  try {
    window.localStorage.setItem(keyFor(uid), JSON.stringify(shipTo));
  } catch {
    // Private mode or a full storage: the address is simply not remembered.
  }
}
