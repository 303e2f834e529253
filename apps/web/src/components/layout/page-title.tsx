import { SITE_NAME } from '@/config/site';

/**
 * The document title, as '<page> | B2B Wholesale Platform'. React 19 hoists <title> into
 * <head> and drops it when the page unmounts. Its child must be one string, hence the template.
 */
export function PageTitle({ page }: { page: string }) {
  return <title>{`${page} | ${SITE_NAME}`}</title>;
}
