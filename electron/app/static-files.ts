import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path onto a file under `rootDir`, or null when the path tries to leave it (`..`,
 * encoded separators, NUL bytes, backslashes). Paths without an extension are app routes and get
 * the page itself.
 */
export function resolveStaticPath(rootDir: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter((segment) => segment.length > 0);
  if (segments.some((segment) => segment === '..' || segment === '.')) return null;
  const relative = segments.length === 0 || path.extname(segments.at(-1) ?? '') === '' ? 'index.html' : segments.join('/');
  const root = path.resolve(rootDir);
  const resolved = path.resolve(root, relative);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return null;
  return resolved;
}

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/** Reads a file of the built renderer; null when refused or missing. */
export async function readStaticFile(rootDir: string, urlPath: string): Promise<StaticFile | null> {
  const file = resolveStaticPath(rootDir, urlPath);
  if (!file) return null;
  try {
    const info = await stat(file);
    if (!info.isFile()) return null;
    return { body: await readFile(file), contentType: contentTypeFor(file) };
  } catch {
    return null;
  }
}
