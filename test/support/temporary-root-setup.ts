import { afterAll } from 'vitest';
import { enterTemporaryRoot } from './temporary-root';

// Each test file of the desktop and renderer projects makes its temporary folders in one root of
// its own, removed when the file ends (a test file's process runs one file at a time). The root is
// entered as this setup loads, before the file's describe blocks run.
const root = enterTemporaryRoot();
afterAll(() => {
  root.leave();
});
