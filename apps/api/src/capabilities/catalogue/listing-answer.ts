import type { ProductListParams } from '@b2b/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendPage } from '../../lib/route-schemas.js';
import { dependsOn } from './cache.plugin.js';
import type { ProductPage } from './listing/lister.js';

type ListFilters = Pick<ProductListParams, 'available' | 'priceMin' | 'priceMax'> & {
  sort?: ProductListParams['sort'];
};

/**
 * What a list's answer depends on for the catalogue cache: the products it shows; the
 * "available" threshold when it filters by it (a product crossing it joins or leaves the list);
 * prices when it sorts or filters by them (a price change moves a product into the page or out).
 * Nothing else a purchase or a price edit changes decides which rows a list holds or counts.
 */
export function listDependencies(query: ListFilters, items: readonly { _id: string }[]) {
  return {
    products: items.map((item) => item._id),
    availability: query.available === true,
    price:
      query.sort === 'price_asc' ||
      query.sort === 'price_desc' ||
      query.priceMin !== undefined ||
      query.priceMax !== undefined,
  };
}

/** Sends a page of products, having told the cache what it depends on. */
export function sendListing(request: FastifyRequest, reply: FastifyReply, query: ListFilters, page: ProductPage) {
  dependsOn(request, listDependencies(query, page.items));
  return sendPage(request, reply, page);
}

/** Facet counts: the available facet and the price bands move with stock and prices; the rest do not. */
export const FACET_DEPENDENCIES = { products: [], availability: true, price: true } as const;
