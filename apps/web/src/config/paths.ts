/*
 * An email goes into a path segment encoded, so '#', '?', '%' or '/' in it cannot end or
 * split the segment; '@' is left readable, as the spec shows (e.g. /carts/ann@example.com).
 * React Router decodes params on the way back in.
 */
const emailSegment = (email: string) => encodeURIComponent(email).replace(/%40/g, '@');

/** The one registry of page routes. */
export const paths = {
  home: '/',
  login: '/login',
  register: '/register',
  addProduct: '/add-products',
  allProducts: '/all-products',
  categories: '/categories',
  category: (id: string) => `/categories/${id}`,
  productDetails: (id: string) => `/product-details/${id}`,
  updateProduct: (id: string) => `/update-product/${id}`,
  myProducts: (email: string) => `/my-products/${emailSegment(email)}`,
  cart: (email: string) => `/carts/${emailSegment(email)}`,
  checkout: '/checkout',
  /** The confirmation of one checkout: its orders' numbers. */
  checkoutPlaced: (checkoutId: string) => `/checkout/placed/${checkoutId}`,
  myOrders: '/orders',
  order: (id: string) => `/orders/${id}`,
  sales: '/sales',
  /** Invoices received (the buyer's, and their company's for its admins and approvers). */
  invoices: '/invoices',
  /** Invoices issued: the seller's desk. */
  salesInvoices: '/sales/invoices',
  /** The seller's customers on account: balances, credit, overdue and aging. */
  receivables: '/receivables',
  receivable: (id: string) => `/receivables/${id}`,
  /** The buyer's accounts with their sellers: what is owed and due. */
  statements: '/statements',
  /** One invoice: its lines, totals and credit notes; the seller credits lines there. */
  invoice: (id: string) => `/invoices/${id}`,
  /** Requests for quote the buyer sent and the offers on them (Buying → Quotes). */
  quotes: '/quotes',
  /** Requests for quote to answer: the seller's desk (Selling → Quotes). */
  salesQuotes: '/sales/quotes',
  /** One quote, for either side: its lines, offers, thread and the caller's moves. */
  quote: (id: string) => `/quotes/${id}`,
  /** Many lines by SKU at once: pasted, uploaded or typed, previewed, then added to the cart. */
  quickOrder: '/quick-order',
  /** The signed-in user's saved order lists. */
  lists: '/lists',
  list: (id: string) => `/lists/${id}`,
  /** The seller's overview: the last 30 days, orders to confirm, top products, low stock. */
  dashboard: '/dashboard',
  /** The signed-in user's notifications (the navbar bell). */
  inbox: '/inbox',
  /** Where an email's one-click unsubscribe link lands (`?token=…&topic=…`); open. */
  unsubscribe: '/unsubscribe',
  /** A seller's catalogue from a spreadsheet: pick a file, dry run, import. */
  importProducts: '/import',
  /** One import on that page (its progress or summary): the id in the URL survives a reload. */
  importRun: (id: string) => `/import/${id}`,
  /** The seller's price lists: contract prices for their customers. */
  priceLists: '/price-lists',
  priceList: (id: string) => `/price-lists/${id}`,
  /** The signed-in user's company: create one, or its members, invitations and address book. */
  company: '/company',
  /** Orders of colleagues above their spending limit, for the company's approvers and admins. */
  approvals: '/approvals',
  /** Every order of the company's members, by member and status (approvers and admins). */
  companyOrders: '/company/orders',
  /** Who changed what in the company: products, stock, orders, staff, imports (admins). */
  activity: '/company/activity',
  contact: '/contact',
  /** The signed-in user's profile: names, photo, company, password. */
  profile: '/profile',
  /** Where a password-reset email's link lands (`?mode=resetPassword&oobCode=…`). */
  resetPassword: '/reset-password',
} as const;
