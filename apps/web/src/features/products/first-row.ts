/**
 * How many cards a list's first row holds at its widest layout (three columns): on screen on
 * arrival at every width, so their pictures load first and at once (ProductGrid, and the
 * /all-products shell, which starts them before the app has run).
 */
export const FIRST_ROW_CARDS = 3;
