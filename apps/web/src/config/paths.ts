/**
 * The one registry of page routes. Emails and ids appear raw in the URL, as the spec shows
 * (e.g. /carts/ann@example.com); React Router decodes params on the way back in.
 */
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
  myProducts: (email: string) => `/my-products/${email}`,
  cart: (email: string) => `/carts/${email}`,
  contact: '/contact',
} as const;
