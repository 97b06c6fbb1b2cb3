import { describe, expect, it } from 'vitest';
import { nextFeedCursor } from '../../../electron/core/sync/feed-link';

describe('the next feed page named by a Link header', () => {
  it('reads the cursor of the service’s own link', () => {
    expect(nextFeedCursor('<?since=AAECAw-_x&limit=250>; rel="next"')).toBe('AAECAw-_x');
  });

  it('finds rel=next among other links and relations, quoted or not, whatever the case', () => {
    expect(nextFeedCursor('<https://example.test/a>; rel="prev", </api/v1/catalog/changes?limit=9&since=c2>; rel=NEXT')).toBe('c2');
    expect(nextFeedCursor('<?since=c3>; title="x"; rel="last next"')).toBe('c3');
  });

  it('nothing when there is no next link, no since, or a since that is not a cursor', () => {
    for (const link of [null, '', '<?since=c1>; rel="prev"', '<?limit=250>; rel="next"', '<?since=a%20b>; rel="next"', '<?since=../x>; rel="next"', 'garbage', `<?since=${'a'.repeat(201)}>; rel="next"`]) {
      expect(nextFeedCursor(link), String(link)).toBeNull();
    }
  });
});
