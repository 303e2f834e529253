import type { CompanyRole } from '@b2b/shared/roles';
import type { CompanyNav } from '@/features/company/hooks/use-company-nav';
import { paths } from '@/config/paths';
import type { AuthUser } from '@/lib/auth';
import { can, canApprove } from '@b2b/shared/roles';

/*
 * The navbar's model: which pages it offers to whom, in which order and group. The menus that
 * show it are in nav-menus.tsx; the bar itself in navbar.tsx.
 */

export type NavItem = { to: string; label: string; end?: boolean; badge?: number };
/** A menu of pages that belong to one job; the bar shows its label, the menu its pages. */
export type NavGroup = { label: string; items: NavItem[] };

/**
 * The spec's six links, in the spec's order and places. My Products and My Cart are the user's
 * own, so they appear once someone is signed in. Add Product is offered to whoever may keep the
 * catalogue: anyone without a company, and a company's admins and catalogue managers (the roles
 * table, packages/shared/src/roles.ts; the API refuses everyone else anyway).
 */
export function navItems(user: AuthUser | null, role: CompanyRole | null = null): NavItem[] {
  return [
    { to: paths.home, label: 'Home', end: true },
    { to: paths.categories, label: 'Categories' },
    { to: paths.allProducts, label: 'All Products' },
    ...(can(role, 'catalogue') ? [{ to: paths.addProduct, label: 'Add Product' }] : []),
    ...(user
      ? [
          { to: paths.myProducts(user.email), label: 'My Products' },
          { to: paths.cart(user.email), label: 'My Cart' },
        ]
      : []),
  ];
}

/**
 * Every other page, grouped by job, after the six links: a new page is one line in its group.
 * The bar keeps one row at 1280 px, and on a phone every page is two taps away (the menu button,
 * then the page). Each page is offered only to a role that may open it (the roles table: the
 * Dashboard to the seller roles, Sales to the order desk, Import to the catalogue, Price lists to
 * those who keep or read them, Quotes to those who ask for them (Buying) and to those who answer
 * them (Selling), Approvals and Company orders to approvers, Activity to admins); Company carries
 * the count of pending invitations.
 */
export function navGroups(user: AuthUser | null, company: CompanyNav = { role: null, invitations: 0 }): NavGroup[] {
  if (!user) return [];
  const groups: NavGroup[] = [
    {
      label: 'Buying',
      items: [
        { to: paths.myOrders, label: 'My Orders' },
        { to: paths.quickOrder, label: 'Quick order' },
        { to: paths.lists, label: 'Lists' },
        // Requests for quote the buyer sent; /quotes/:id is either side's quote, so only the list lights it.
        ...(can(company.role, 'requestQuotes') ? [{ to: paths.quotes, label: 'Quotes', end: true }] : []),
        { to: paths.invoices, label: 'Invoices', end: true },
        // A company's accounts are read by its admins and approvers (the API's rule).
        ...(company.role === null || canApprove(company.role) ? [{ to: paths.statements, label: 'Statements' }] : []),
      ],
    },
    {
      label: 'Selling',
      items: [
        ...(can(company.role, 'dashboard') ? [{ to: paths.dashboard, label: 'Dashboard' }] : []),
        ...(can(company.role, 'sales')
          ? [
              { to: paths.sales, label: 'Sales', end: true },
              { to: paths.salesInvoices, label: 'Sales invoices' },
              { to: paths.receivables, label: 'Receivables' },
            ]
          : []),
        ...(can(company.role, 'quotes') ? [{ to: paths.salesQuotes, label: 'Quotes' }] : []),
        ...(can(company.role, 'catalogue') ? [{ to: paths.importProducts, label: 'Import products' }] : []),
        ...(can(company.role, 'seePrices') ? [{ to: paths.priceLists, label: 'Price lists' }] : []),
      ],
    },
    {
      label: 'Company',
      items: [
        { to: paths.company, label: 'Company', end: true, badge: company.invitations },
        ...(canApprove(company.role)
          ? [
              { to: paths.approvals, label: 'Approvals' },
              { to: paths.companyOrders, label: 'Company orders' },
            ]
          : []),
        ...(company.role && can(company.role, 'activity') ? [{ to: paths.activity, label: 'Activity' }] : []),
      ],
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}
