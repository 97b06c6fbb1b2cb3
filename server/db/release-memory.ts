import { createRequire } from 'node:module';
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

/** glibc's `malloc_trim`: gives the system the free pages of every malloc heap; 1 when it gave some. */
export type TrimNativeHeap = (pad: number) => number;

/** Whether this process's C library is glibc (the one whose heaps keep freed memory resident). */
export function runsOnGlibc(): boolean {
  if (process.platform !== 'linux') return false;
  const header = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header;
  return typeof header?.glibcVersionRuntime === 'string';
}

let loadedTrim: TrimNativeHeap | null | undefined;

/**
 * `malloc_trim` through koffi (a C foreign function interface with prebuilt binaries for every
 * platform, Node-API so the same in Electron), loaded once; null where the C library is not glibc
 * or koffi cannot load (then memory is only collected, never trimmed).
 */
export function nativeHeapTrim(): TrimNativeHeap | null {
  if (loadedTrim !== undefined) return loadedTrim;
  loadedTrim = null;
  if (!runsOnGlibc()) return loadedTrim;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    loadedTrim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as TrimNativeHeap;
  } catch {
    loadedTrim = null;
  }
  return loadedTrim;
}

/**
 * Collects garbage, then gives the free pages of glibc's malloc heaps back to the system. glibc
 * returns a freed block at once only when it was mapped on its own (large) or sits at the top of
 * the heap; seeding a million products frees most of a gigabyte of buffers in the middle of the
 * main heap, which stays resident until `malloc_trim` (measured at a million products: 1,206 MB
 * resident serving, 297 MB after one trim; docs/benchmarks.md). True when pages were given back.
 */
export function releaseFreedMemory(trim: TrimNativeHeap | null = nativeHeapTrim()): boolean {
  collectGarbage();
  return trim !== null && trim(0) === 1;
}
