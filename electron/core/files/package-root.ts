import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's folder as seen from a module: the nearest folder at or above the module's own
 * that holds a package.json. The same answer whether the module runs from its TypeScript source
 * (electron/…) or from a bundle `vite build` wrote (dist-electron/main/…), where a fixed number of
 * `..` would point elsewhere.
 */
export function packageRootOf(moduleUrl: string): string {
  const start = path.dirname(fileURLToPath(moduleUrl));
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'package.json'))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`No package.json at or above ${start}`);
  }
}
