import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface InitialJavaScript {
  files: { file: string; bytes: number; gzipBytes: number }[];
  bytes: number;
  gzipBytes: number;
}

/**
 * The JavaScript a first launch loads before anything else: the entry module and the chunks
 * index.html preloads (its static imports). Screens are lazy chunks and are left out.
 */
export function measureInitialJavaScript(rendererDir: string): InitialJavaScript {
  const html = readFileSync(path.join(rendererDir, 'index.html'), 'utf8');
  const sources = [
    ...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  if (sources.length === 0) throw new Error(`No module script in ${rendererDir}/index.html`);
  const files = [...new Set(sources)].map((source) => {
    const body = readFileSync(path.join(rendererDir, source));
    return { file: source.replace(/^\.\//, ''), bytes: body.length, gzipBytes: gzipSync(body, { level: 9 }).length };
  });
  return {
    files,
    bytes: files.reduce((sum, file) => sum + file.bytes, 0),
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
  };
}
