import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

it('a renderer test file makes its temporary folders in a root of its own', () => {
  expect(path.basename(tmpdir())).toMatch(/^caseworks-test-/);
});
