/** How every order list pages, in the OpenAPI document (My Orders, Sales, a company's orders). */
export const ORDER_LIST_DOC =
  'Newest first. `status` keeps one status. Paged like the catalogue: X-Total-Count (with X-Total-Count-Relation ' +
  'gte past 10,000), and X-Next-Cursor / Link rel="next" to continue after this page.';
