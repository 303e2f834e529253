-- The search index's pending list: at most 256 kB, where the default is 4 MB (gin_pending_list_limit).
-- Every write of a product queues its trigrams there and every search reads the list whole. At
-- 1,000,000 products, after 4,000 price edits, 439 pending pages made a rare word's search read
-- 449 buffers (2.7 ms) where it had read 10 (0.06 ms), and the write that moved a full list into
-- the index took 224–451 ms while holding its product's row. A storage parameter: no rebuild.
ALTER INDEX "products_search_idx" SET (gin_pending_list_limit = 256);
