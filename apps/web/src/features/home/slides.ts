/** The three banner slides of the home carousel. Images are text-free; the copy is overlaid. */
export const HOME_SLIDES = [
  {
    image: '/images/banners/banner-1.svg',
    eyebrow: 'Wholesale made simple',
    title: 'Everything your business needs, at wholesale prices',
    text: 'Buy in bulk from trusted brands across electronics, home, kitchen, health and beauty.',
  },
  {
    image: '/images/banners/banner-2.svg',
    eyebrow: 'Seasonal stock-up',
    title: 'Stock up before the season starts',
    text: 'Order from the minimum quantity and keep your shelves full when demand peaks.',
  },
  {
    image: '/images/banners/banner-3.svg',
    eyebrow: 'Sell with us',
    title: 'Reach thousands of business buyers',
    text: 'List your products in minutes and manage stock and orders from one place.',
  },
] as const;

export const CATEGORY_SECTION_ID = 'categories';
