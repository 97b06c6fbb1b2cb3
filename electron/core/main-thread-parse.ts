import type { z } from 'zod';

/**
 * How the core's main thread checks a value against the contract: interpreted, without zod's
 * compiled fast path. A schema's first compiled parse builds and compiles its checker: 3–55 ms of
 * one thread for an answer's schema (the account 12–29 ms, a product 3–55 ms, at load 9–11), a
 * stall of the process that carries every IPC call, paid at the sync's start for each answer met
 * the first time. Interpreted, the first check takes 0.4–6 ms and a page of 100 products or
 * suppliers 0.8–2.2 ms a check against 0.4–3.1 ms compiled. The offline worker, which checks the
 * change feed's pages by the thousand, keeps the compiled path.
 */
export const MAIN_THREAD_PARSE = { jitless: true } as const satisfies z.core.ParseContext<z.core.$ZodIssue>;
