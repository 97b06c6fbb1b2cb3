import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveStaticPath } from '../../../electron/app/static-files';

const root = path.resolve('/srv/renderer');

describe('static file paths', () => {
  it('maps files under the root and sends app routes to the page', () => {
    expect(resolveStaticPath(root, '/assets/app.js')).toBe(path.join(root, 'assets', 'app.js'));
    expect(resolveStaticPath(root, '/')).toBe(path.join(root, 'index.html'));
    expect(resolveStaticPath(root, '/orders')).toBe(path.join(root, 'index.html'));
  });

  it.each(['/../etc/passwd', '/..%2f..%2fetc%2fpasswd', '/%2e%2e/secret', '/a/..\\..\\secret.js', '/%00.js', '/%E0%A4%A', '/./index.html'])(
    'refuses %s',
    (urlPath) => {
      expect(resolveStaticPath(root, urlPath)).toBeNull();
    },
  );
});
