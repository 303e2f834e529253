import type { CompanyRole } from '@b2b/shared';
import type { DemoSeller } from './catalogue.js';

/*
 * The people of the demo businesses (README, "Demo accounts"): each demo seller is a company run
 * by its owner (the seller's account) with a catalogue manager and an order desk clerk, and a
 * restaurant group buys from them with an owner, an approver and two buyers, so the dashboard,
 * the desk, approvals, the activity log and the inbox have something to show on first start.
 */

export interface DemoPerson extends Omit<DemoSeller, 'companyName'> {
  /** The demo company they belong to: a seller's key, or BUYER_COMPANY.key. */
  company: string;
  role: CompanyRole;
  spendingLimit: number | null;
}

export const BUYER_COMPANY = { key: 'rahman', name: 'Rahman Restaurants' } as const;

const person = (
  key: string,
  company: string,
  role: CompanyRole,
  displayName: string,
  password: string,
  spendingLimit: number | null = null,
): DemoPerson => ({
  key,
  company,
  role,
  email: `${key}@example.com`,
  password,
  displayName,
  photoURL: '',
  spendingLimit,
});

/** The seller companies' staff: a catalogue manager and a desk clerk each (the owners are the sellers). */
export const DEMO_STAFF: DemoPerson[] = [
  person('northwind.catalogue', 'northwind', 'catalogue', 'Maria Lopez', 'Catalogue@2026'),
  person('northwind.desk', 'northwind', 'sales', 'Dev Patel', 'OrderDesk@2026'),
  person('karnaphuli.catalogue', 'karnaphuli', 'catalogue', 'Nusrat Jahan', 'Catalogue@2026'),
  person('karnaphuli.desk', 'karnaphuli', 'sales', 'Imran Hossain', 'OrderDesk@2026'),
  person('dhaka.digital.catalogue', 'dhaka-digital', 'catalogue', 'Sadia Karim', 'Catalogue@2026'),
  person('dhaka.digital.desk', 'dhaka-digital', 'sales', 'Tanvir Ahmed', 'OrderDesk@2026'),
];

/** The buying company: its owner first (they create it), then the members they invited. */
export const DEMO_BUYERS: DemoPerson[] = [
  person('rahman', BUYER_COMPANY.key, 'admin', 'Farhan Rahman', 'Rahman@2026'),
  person('rahman.approver', BUYER_COMPANY.key, 'approver', 'Amina Chowdhury', 'Approver@2026'),
  person('rahman.kitchen', BUYER_COMPANY.key, 'buyer', 'Kim Park', 'Kitchen@2026', 1500),
  person('rahman.bar', BUYER_COMPANY.key, 'buyer', 'Lee Walsh', 'BarBuyer@2026', 500),
];

/** Where the restaurant group's orders go. */
export const DEMO_SHIP_TO = {
  shipName: 'Rahman Restaurants — Central Kitchen',
  shipLine1: '14 Kawran Bazar Road',
  shipLine2: 'Loading bay 2',
  shipCity: 'Dhaka',
  shipPostalCode: '1215',
  shipCountry: 'Bangladesh',
  shipPhone: '+880 2 5501 2200',
};
