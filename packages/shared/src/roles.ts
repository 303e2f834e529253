/*
 * What each company role may do: the one table the API's checks, the web's menus and the OpenAPI
 * document read (docs/architecture.md, "Seller organisations"). This module imports nothing, so
 * the navbar can read it without bringing any schema into the first load of a page.
 *
 * A company buys and sells: its catalogue, sales desk, dashboard, imports and activity log belong
 * to the company, and its members act for it by role. A user without a company is a business of
 * one: they may do everything a seller does, on their own catalogue and sales, and nothing that
 * needs a company.
 */

export const COMPANY_ROLES = ['admin', 'approver', 'buyer', 'catalogue', 'sales'] as const;
export type CompanyRole = (typeof COMPANY_ROLES)[number];

export const COMPANY_ROLE_LABELS: Record<CompanyRole, string> = {
  admin: 'Admin',
  approver: 'Approver',
  buyer: 'Buyer',
  catalogue: 'Catalogue manager',
  sales: 'Order desk',
};

/** One sentence per role, for the staff page's role picker. */
export const COMPANY_ROLE_HINTS: Record<CompanyRole, string> = {
  admin: 'Everything: staff, addresses, catalogue, sales and the activity log.',
  approver: 'Buys and asks for quotes, and approves colleagues’ orders above their limit; sees the company’s quotes.',
  buyer: 'Buys for the company within their spending limit, and asks sellers for quotes.',
  catalogue: 'Keeps the company’s products, prices and stock; imports and exports.',
  sales: 'Runs the order desk: confirms, ships, delivers and cancels the company’s sales; answers requests for quote.',
};

export const PERMISSIONS = {
  /** Create, edit and delete the company's products and stock; import and export them. */
  catalogue: 'keep the catalogue (products, prices, stock, imports and exports)',
  /** Keep the company's price lists: their lines, discounts, dates and customers. */
  prices: 'keep price lists (contract prices and their customers)',
  /** See the company's price lists and who they are for. */
  seePrices: 'see the price lists and their customers',
  /** The sales desk: see the company's sales, change their status. */
  sales: 'run the order desk (sales and their status)',
  /** The seller dashboard. */
  dashboard: 'see the seller dashboard',
  /** Approve or reject colleagues' orders; see every order of the company. */
  approve: 'approve orders and see every company order',
  /** Rename the company, invite, change roles and limits, keep the address book. */
  manage: 'manage the company (staff, roles, addresses)',
  /** Read the activity log. */
  activity: 'read the activity log',
  /** Ask sellers for a quote, and accept, revise or decline their offers. */
  requestQuotes: 'request quotes and accept, revise or decline offers',
  /** Answer requests for quote: offer prices, offer again, withdraw, write in the thread. */
  quotes: 'answer requests for quote (offers, versions, withdrawals)',
  /** Keep the business's billing details: legal name, address, tax id, default tax rate, invoice footer. */
  billing: 'keep the billing details (legal name, address, tax id, tax rate)',
} as const;
export type Permission = keyof typeof PERMISSIONS;

/** Every role's permissions. Every member may buy (within their spending limit); that needs no entry. */
export const ROLE_PERMISSIONS: Record<CompanyRole, readonly Permission[]> = {
  admin: [
    'catalogue',
    'prices',
    'seePrices',
    'sales',
    'quotes',
    'requestQuotes',
    'dashboard',
    'approve',
    'manage',
    'activity',
    'billing',
  ],
  approver: ['approve', 'requestQuotes'],
  buyer: ['requestQuotes'],
  catalogue: ['catalogue', 'prices', 'seePrices', 'dashboard'],
  sales: ['sales', 'quotes', 'seePrices', 'dashboard'],
};

/** What a user without a company may do: sell on their own. */
export const SOLE_TRADER_PERMISSIONS: readonly Permission[] = [
  'catalogue',
  'prices',
  'seePrices',
  'sales',
  'quotes',
  'requestQuotes',
  'dashboard',
  'billing',
];

/** Whether a member with `role` (null: no company) may do `permission`. */
export function can(role: CompanyRole | null | undefined, permission: Permission): boolean {
  return (role ? ROLE_PERMISSIONS[role] : SOLE_TRADER_PERMISSIONS).includes(permission);
}

/** The roles that may do `permission`, for messages and the API document ("admin or catalogue"). */
export function rolesThatCan(permission: Permission): CompanyRole[] {
  return COMPANY_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}

/** Who may approve or reject a colleague's order, and see every company order. */
export function canApprove(role: CompanyRole | null | undefined): boolean {
  return Boolean(role) && can(role, 'approve');
}
