/** Money is added in cents, so a column of prices sums to what the server computes. */
export function sumMoney(amounts: number[]): number {
  return amounts.reduce((cents, amount) => cents + Math.round(amount * 100), 0) / 100;
}
