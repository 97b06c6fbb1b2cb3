import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, now. A closed PGlite instance's WebAssembly memory (most of a
 * gigabyte after seeding a million products) goes back to the system only once V8 collects the
 * objects that hold it; a service that then allocates little JavaScript may not collect for a
 * long time, and holds that memory resident meanwhile. Node has no call for this; V8's
 * `--expose-gc` flag, set at run time, gives a context its `gc` function.
 */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (() => void) | undefined;
  gc?.();
}
