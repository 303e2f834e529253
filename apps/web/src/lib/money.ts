/**
 * What a line saves against the product's own price (`listPrice`) at the unit price applied:
 * counted in cents, like the server's totals, so the savings of a cart add up to the cent.
 */
export function lineSaving(line: { listPrice: number; price: number; quantity: number }): number {
  return ((Math.round(line.listPrice * 100) - Math.round(line.price * 100)) * line.quantity) / 100;
}
