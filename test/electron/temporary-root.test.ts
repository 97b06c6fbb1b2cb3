import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { enterTemporaryRoot } from '../support/temporary-root';

describe('temporary folders of a test file', () => {
  it('land in a root of the file’s own, which this project’s setup made', () => {
    const root = tmpdir();
    expect(path.basename(root)).toMatch(/^caseworks-test-/);
    expect(readdirSync(root).filter((name) => !name.startsWith('caseworks-'))).toEqual([]);
  });

  it('go with the root when it is left, whatever they hold, and TMPDIR is restored', () => {
    const before = process.env.TMPDIR;
    const root = enterTemporaryRoot();
    const leaked = mkdtempSync(path.join(tmpdir(), 'caseworks-leak-'));
    writeFileSync(path.join(leaked, 'service.db'), 'x');
    expect(leaked.startsWith(root.dir)).toBe(true);
    root.leave();
    expect(existsSync(root.dir)).toBe(false);
    expect(process.env.TMPDIR).toBe(before);
  });
});
