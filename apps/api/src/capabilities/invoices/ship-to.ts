import type { ShipTo } from '@b2b/shared';
import type { OrderRow } from '../../db/schema.js';

/** Where an order goes, as its documents print it. */
export function shipToOf(order: OrderRow): ShipTo {
  return {
    name: order.shipName,
    line1: order.shipLine1,
    line2: order.shipLine2,
    city: order.shipCity,
    postalCode: order.shipPostalCode,
    country: order.shipCountry,
    phone: order.shipPhone,
  };
}
