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

interface Glibc {
  trim: TrimNativeHeap;
  /** `mallopt(parameter, value)`: 1 when glibc took the setting. */
  mallopt: (parameter: number, value: number) => number;
}

let loaded: Glibc | null | undefined;

/**
 * glibc's allocator calls through koffi (a C foreign function interface with prebuilt binaries for
 * every platform, Node-API so the same in Electron), loaded once; null where the C library is not
 * glibc or koffi cannot load (then memory is only collected, never trimmed).
 */
function glibc(): Glibc | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  if (!runsOnGlibc()) return loaded;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    const libc = koffi.load('libc.so.6');
    loaded = {
      trim: libc.func('int malloc_trim(size_t pad)') as TrimNativeHeap,
      mallopt: libc.func('int mallopt(int param, int value)') as Glibc['mallopt'],
    };
  } catch {
    loaded = null;
  }
  return loaded;
}

/** `malloc_trim`, or null where there is none (see glibc()). */
export function nativeHeapTrim(): TrimNativeHeap | null {
  return glibc()?.trim ?? null;
}

/** glibc's `M_MMAP_THRESHOLD` parameter of `mallopt`. */
const M_MMAP_THRESHOLD = -3;
/** From this size an allocation gets a mapping of its own (see mapLargeAllocations). */
export const OWN_MAPPING_FROM = 1024 * 1024;

/**
 * Has glibc give every allocation of OWN_MAPPING_FROM or more a mapping of its own, returned to
 * the system as soon as it is freed. By default glibc raises that threshold each time such a
 * block is freed, up to 32 MB, and then serves the buffers seeding passes around (COPY input, blobs,
 * pages of a few megabytes each) from its heap, where freed ones stay resident between live small
 * blocks. False where the C library is not glibc.
 */
export function mapLargeAllocations(): boolean {
  const calls = glibc();
  return calls !== null && calls.mallopt(M_MMAP_THRESHOLD, OWN_MAPPING_FROM) === 1;
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
