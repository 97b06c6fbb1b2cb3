import { setFlagsFromString } from 'node:v8';

/**
 * Has V8 compile WebAssembly with its optimizing compiler (TurboFan) from the first call, instead
 * of its baseline compiler (Liftoff) first and TurboFan only for functions that have run hot: PGlite
 * is a 9 MB WebAssembly module, and the functions a kind of statement needs ran at Liftoff's speed
 * until they had run hot, so the first pages of each listing after a start cost up to three times
 * what later ones do (a million products on PGlite: 18–20 ms of CPU a page over a listing's
 * first 40 pages against 6–8 ms once warm; docs/benchmarks.md). It costs about 2.4 s more CPU when
 * PGlite is first opened in the process.
 *
 * Call it in a service process before PGlite is first opened (the flag applies to modules compiled
 * after it); the service's entry points do (server/cli.ts, electron/main/embedded-service-process.ts).
 * Not in startService: tests run the service in their own processes, and their many short-lived
 * databases gain nothing from compiling everything optimized.
 */
export function compileWebAssemblyOptimized(): void {
  setFlagsFromString('--no-liftoff');
}
