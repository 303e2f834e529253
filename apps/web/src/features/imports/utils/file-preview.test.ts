import { expect, test } from 'vitest';
import { detectDelimiter, fileKind, parseCsv, previewCsvText } from './file-preview';

test('the kind of a file comes from its name', () => {
  expect(fileKind('Products.XLSX')).toBe('xlsx');
  expect(fileKind('products.csv')).toBe('csv');
  expect(fileKind('products.tsv')).toBe('csv');
  expect(fileKind('products.pdf')).toBeNull();
});

test('the delimiter is the commonest of comma, semicolon and tab outside quotes', () => {
  expect(detectDelimiter('name;price;"a,b,c"')).toBe(';');
  expect(detectDelimiter('name\tprice')).toBe('\t');
  expect(detectDelimiter('name')).toBe(',');
});

test('quoted fields keep delimiters, doubled quotes and line breaks', () => {
  expect(parseCsv('a,b\r\n"x, y","say ""hi""\nthere"\n\n1,2', ',', 10)).toEqual([
    ['a', 'b'],
    ['x, y', 'say "hi"\nthere'],
    ['1', '2'],
  ]);
});

test('a text cut off drops its partial last row', () => {
  expect(parseCsv('a,b\n1,2\n3,', ',', 10, false)).toEqual([
    ['a', 'b'],
    ['1', '2'],
  ]);
});

test('the preview maps headers case-insensitively, flags unknown ones and skips the BOM', () => {
  const preview = previewCsvText('\uFEFFSKU;Name;Price;Colour\nA-1;Mug;1,95;red\n', 5);
  expect(preview.delimiter).toBe(';');
  expect(preview.columns).toEqual([
    { header: 'SKU', column: 'sku' },
    { header: 'Name', column: 'name' },
    { header: 'Price', column: 'price' },
    { header: 'Colour', column: null },
  ]);
  expect(preview.unknown).toEqual(['Colour']);
  expect(preview.rows).toEqual([['A-1', 'Mug', '1,95', 'red']]);
  expect(preview.problem).toBeNull();
});

test('a header without id, sku or name is the problem the server would report', () => {
  expect(previewCsvText('price,quantity\n1,2\n').problem).toMatch(/none of id, sku or name was found/);
});
