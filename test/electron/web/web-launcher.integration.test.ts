import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../../..');
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/**
 * A repository-shaped folder (an ES module package, as this one) with the real launcher (scripts/web.mjs) and stand-ins for the shell:
 * a build (dist-electron/main/web-shell.js) that answers `built` (or has a syntax error: `broken`),
 * and a TypeScript source (electron/web/web-shell.ts), each saying which ran and with what.
 */
function repository(built: 'started' | 'stale' | 'broken' | null): string {
  const root = mkdtempSync(path.join(tmpdir(), 'caseworks-web-launcher-'));
  roots.push(root);
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ type: 'module' }));
  mkdirSync(path.join(root, 'scripts'));
  cpSync(path.join(REPO, 'scripts', 'web.mjs'), path.join(root, 'scripts', 'web.mjs'));
  symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'));
  mkdirSync(path.join(root, 'electron', 'web'), { recursive: true });
  const source = `export async function runWebShell(args: readonly string[], _env: unknown, code: 'build' | 'source'): Promise<'started'> {
  console.log(\`\${code} ran with \${args.join(' ')}\`);
  return 'started';
}\n`;
  writeFileSync(path.join(root, 'electron', 'web', 'web-shell.ts'), source);
  if (built !== null) {
    mkdirSync(path.join(root, 'dist-electron', 'main'), { recursive: true });
    const bundle =
      built === 'broken'
        ? 'export const = ;\n'
        : `export async function runWebShell(args, _env, code) { console.log(\`\${code} answered ${built}\`); return '${built}'; }\n`;
    writeFileSync(path.join(root, 'dist-electron', 'main', 'web-shell.js'), bundle);
  }
  return root;
}

function launch(root: string) {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'web.mjs'), '--an-argument'], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  return { out: run.stdout.trim().split('\n'), err: run.stderr, status: run.status };
}

describe('npm run web (scripts/web.mjs): the built shell when it is current, else the source', () => {
  it('runs the build alone when it says it started', () => {
    expect(launch(repository('started')).out).toEqual(['build answered started']);
  });

  it('runs the source, with the same arguments, when the build says it is stale', () => {
    expect(launch(repository('stale')).out).toEqual(['build answered stale', 'source ran with --an-argument']);
  });

  it('runs the source when there is no build', () => {
    expect(launch(repository(null)).out).toEqual(['source ran with --an-argument']);
  });

  it('says so and runs the source when the build cannot be loaded', () => {
    const run = launch(repository('broken'));
    expect(run.out).toEqual(['source ran with --an-argument']);
    expect(run.err).toMatch(/The built shell could not be loaded/);
  });
});
