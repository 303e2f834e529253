import { sql } from 'drizzle-orm';
import { prepareFast, queryRows, type AppDb, type FastStatement } from '../../../db/client.js';
import { searchTerms } from '../../../db/schema.js';
import { searchWords, typedWords } from './conditions.js';

/*
 * The catalogue's vocabulary (search_terms): the closest word for a misspelt one, and whether
 * a word is in no product at all (then a search needs no scan to find nothing).
 */

export function createSpelling(db: AppDb) {
  /** The closest catalogue word for each word of the query that is not one itself; null if none changes. */
  async function correct(q: string): Promise<string | null> {
    const words = typedWords(q);
    let changed = false;
    const fixed: string[] = [];
    for (const word of words) {
      const [best] =
        word.length < 3
          ? []
          : await queryRows<{ term: string }>(
              db,
              sql`select term from search_terms where term % ${word}
                  order by term = ${word} desc, similarity(term, ${word}) desc, term limit 1`,
            );
      const replacement = best && best.term !== word && !best.term.includes(word) ? best.term : word;
      if (replacement !== word) changed = true;
      fixed.push(replacement);
    }
    return changed ? fixed.join(' ') : null;
  }

  // Named: its plan (a parameterised probe of the trigram index per word) is the same for any words.
  let unknownWordsStatement: FastStatement<{ word: string }> | undefined;
  const unknownWords = () => {
    const fields = { word: sql<string>`w.word` };
    unknownWordsStatement ??= prepareFast(
      db,
      'search_unknown_word',
      db
        .select(fields)
        .from(sql`unnest(${sql.placeholder('words')}::text[]) as w(word)`)
        .where(sql`not exists (select 1 from ${searchTerms} where ${searchTerms.term} like '%' || w.word || '%')`)
        .limit(1),
      fields,
    );
    return unknownWordsStatement;
  };

  /**
   * Whether some word of the query is in no product at all. A plain word (ASCII letters and
   * digits, 3 or more) can only occur inside one word of a name or brand, and every such word is
   * in search_terms; looking it up there costs the same at any catalogue size, whereas searching
   * the products for a word that is nowhere can read the whole catalogue before it finds nothing.
   */
  async function hasUnknownWord(q: string): Promise<boolean> {
    const plain = searchWords(q).filter((word) => /^[a-z0-9]{3,}$/.test(word));
    if (plain.length === 0) return false;
    // One statement for all the words (one round trip). A plain word has no LIKE wildcard to escape.
    // The driver writes the array (a hand-made literal read the word `null` as a NULL).
    const unknown = await unknownWords().execute({ words: plain });
    return unknown.length > 0;
  }

  return { correct, hasUnknownWord };
}
