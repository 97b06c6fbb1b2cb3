import { searchDocumentLexemes } from '../../server/demo/search-document';

/** A demo search document's lexemes as tsvector input text (`'napa':1,3 'red':2`), to compare with what the database makes. */
export function tsvectorLiteral(foldedText: string): string {
  return searchDocumentLexemes(foldedText)
    .map(({ lexeme, positions }) => `'${lexeme}':${positions.join(',')}`)
    .join(' ');
}
