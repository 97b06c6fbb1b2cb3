/**
 * The `search_document` of a demo product as tsvector input text, built here rather than by
 * `to_tsvector('simple', …)` in the database (see searchDocument in server/store/catalog/search-text.ts),
 * which cost about 40 µs a product while seeding on PGlite. Both read the same folded text
 * (searchText: runs of letters and digits separated by single spaces): each run is a lexeme at its
 * position, from 1. test/server/demo/search-document.test.ts checks it gives what to_tsvector gives
 * for the demo catalog, on both databases.
 */
export function searchDocumentText(foldedText: string): string {
  const positions = new Map<string, number[]>();
  const words = foldedText.split(' ');
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    if (word === '') continue;
    const list = positions.get(word);
    if (list) list.push(index + 1);
    else positions.set(word, [index + 1]);
  }
  let text = '';
  for (const [word, list] of positions) text += `${text === '' ? '' : ' '}'${word}':${list.join(',')}`;
  return text;
}
