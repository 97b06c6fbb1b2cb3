import { runWebShell } from './web-shell';

/**
 * `tsx electron/web/cli.ts`: the browser shell from its TypeScript source. `npm run web`
 * (scripts/web.mjs) runs the shell `vite build` made instead when it is current, and this source
 * only when it is not.
 */
await runWebShell(process.argv.slice(2), process.env, 'source');
