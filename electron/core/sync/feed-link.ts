import { CatalogCursor } from '../../../shared/schemas/catalog-changes';

/**
 * The cursor of the next feed page that a page's `Link` header names (RFC 8288 `rel="next"`, the
 * service sends `<?since=…&limit=…>; rel="next"` on a page with more waiting), checked as a cursor;
 * null when there is none or it is not one. Only a hint: the page's own `next_cursor` decides, and
 * a page asked for from a link that disagrees with it is dropped (catalog-feed.ts).
 */
export function nextFeedCursor(link: string | null): string | null {
  if (!link) return null;
  for (const [, target, params] of link.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]*)*)/g)) {
    const rels = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(params ?? '');
    const relations = (rels?.[1] ?? rels?.[2] ?? '').toLowerCase().split(/\s+/);
    if (!relations.includes('next')) continue;
    let since: string | null;
    try {
      since = new URL(target!, 'http://feed.invalid/catalog/changes').searchParams.get('since');
    } catch {
      return null;
    }
    const checked = CatalogCursor.safeParse(since);
    return checked.success ? checked.data : null;
  }
  return null;
}
