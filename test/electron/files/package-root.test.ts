import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { packageRootOf } from '../../../electron/core/files/package-root';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('packageRootOf (the repository, from the source or from a bundle)', () => {
  it('finds the same folder from a source three folders down and from a bundle two folders down', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'caseworks-package-root-'));
    roots.push(root);
    writeFileSync(path.join(root, 'package.json'), '{}');
    for (const folder of ['electron/core/connection', 'dist-electron/main']) mkdirSync(path.join(root, folder), { recursive: true });
    // The embedded demo service's fork took `../../..` of its module: right from the source, the
    // folder above the repository from the browser shell's bundle in dist-electron/main.
    expect(packageRootOf(pathToFileURL(path.join(root, 'electron/core/connection/fork-with-node.ts')).href)).toBe(root);
    expect(packageRootOf(pathToFileURL(path.join(root, 'dist-electron/main/web-shell.js')).href)).toBe(root);
  });

  it('is this repository from its own modules', () => {
    expect(packageRootOf(import.meta.url)).toBe(path.resolve(import.meta.dirname, '../../..'));
  });
});
