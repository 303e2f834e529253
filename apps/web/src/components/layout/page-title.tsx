import { useEffect } from 'react';
import { SITE_NAME } from '@/config/site';

/** The site-wide description (also the one in index.html, for pages without their own). */
export const SITE_DESCRIPTION =
  'B2B Wholesale Platform: browse wholesale products by category, list your own products and order in bulk.';

/** Each page's description for search results, by the page name its route passes to PageTitle. */
const DESCRIPTIONS: Record<string, string> = {
  Home: 'Wholesale buying for businesses: trusted brands in electronics, home, kitchen, health and beauty, bulk prices and one simple order flow.',
  Login: 'Log in to B2B Wholesale Platform to order in bulk, manage your product listings and follow your cart.',
  Register:
    'Create your B2B Wholesale Platform account to buy in bulk, list your own products and keep track of your orders.',
  'All Products': 'Every product in the wholesale catalogue, with stock, minimum order quantity, price and rating.',
  Categories: 'Wholesale products by category: electronics, home, kitchen, fashion, health, beauty and more.',
  'Add Product': 'List a product for business buyers: stock, minimum order quantity, price and category.',
  'Update Product': 'Change the details, stock or price of one of your wholesale listings.',
  'Product Details': 'A wholesale product with its stock, minimum order quantity and price, ready to order in bulk.',
  'My Products': 'The products you sell on B2B Wholesale Platform, with their stock and prices.',
  'Import Products': 'Load and update your wholesale catalogue from a CSV or Excel file, with a dry run first.',
  'My Cart': 'The wholesale products you have bought, with their quantities and buy dates.',
  'Contact Us': 'Contact B2B Wholesale Platform by email, phone or at our office in Chattogram, Bangladesh.',
};

/** The description of a page (also written into its prerendered HTML by the build). */
export function descriptionOf(page: string): string {
  if (DESCRIPTIONS[page]) return DESCRIPTIONS[page];
  if (page.startsWith('Products in Category')) {
    return 'Wholesale products in one category, with brand, price and rating, ready to order in bulk.';
  }
  return SITE_DESCRIPTION;
}

/** Points the page's one `<meta name="description">` (from index.html) at this page's text. */
function useMetaDescription(text: string) {
  useEffect(() => {
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = text;
  }, [text]);
}

/**
 * The document title, as '<page> | B2B Wholesale Platform', and the page's meta description.
 * React 19 hoists <title> into <head> and drops it when the page unmounts. Its child must be
 * one string, hence the template.
 */
export function PageTitle({ page, description }: { page: string; description?: string }) {
  useMetaDescription(description ?? descriptionOf(page));
  return <title>{`${page} | ${SITE_NAME}`}</title>;
}
