import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * What a document names in backticks (and where its relative links point), checked against the
 * repository so a doc cannot keep naming a file or a function that is gone.
 *
 * What is checked, and why only that:
 * - a **path**: a word that starts with one of the repository's top-level entries
 *   (`electron/core/outbox/outbox.ts`, `docs/`, `package.json`) must exist; one that ends in a
 *   source file's extension (`core/offline/offline-reads.ts`, `cartGroups.ts`) must be the end of a
 *   file's path; one that ends in `/` (`core/sync/`) the end of a folder's. A placeholder or glob
 *   (`electron/core/<folder>`, `renderer/lib/**`, `…`) cuts the path there and the part before it
 *   must exist. Folders the repository ignores (.gitignore: `test-results/`, `.data/`) are what
 *   a run writes, not the tree, and are not checked.
 * - an **identifier**: a camelCase word (`createOutbox`), a PascalCase word of two parts or more
 *   (`CoreFailure`) or an UPPER_SNAKE word (`MAX_ORDER_FAILURES`, `CASEWORKS_DATA_DIR`) must occur
 *   as a word in the source (every file outside docs/ and the README).
 * Everything else in backticks is left alone: commands (`npm test`), HTTP paths (`GET /orders`),
 * headers, JSON fields and SQL (`order_number`, `FOR UPDATE SKIP LOCKED`), single words
 * (`Outcome`, `confirmed`), URLs. Fenced code blocks are examples, not references.
 */

export interface Reference {
  kind: 'path' | 'identifier' | 'link';
  text: string;
  line: number;
}

export interface Dangling extends Reference {
  file: string;
}

/** What tells a path of ours: the repository's top-level entries, and the folders it ignores. */
export interface RepoRoots {
  /** Top-level entries the repository keeps (not the folders it ignores). */
  topLevel: ReadonlySet<string>;
  /** Folders `.gitignore` names (`test-results`, `.data`): what a run writes, not the tree. */
  ignored: ReadonlySet<string>;
}

export interface RepoTree extends RepoRoots {
  /** Every kept file and folder, relative to the root with `/`, folders without a trailing slash. */
  files: ReadonlySet<string>;
  folders: ReadonlySet<string>;
  /** Every word of the source. */
  words: ReadonlySet<string>;
}

const SOURCE_EXTENSION = /\.(ts|tsx|js|mjs|cjs|css|md|sql|json|yaml|html)$/;
const BINARY_EXTENSION = /\.(png|jpe?g|gif|ico|webp|pdf|wasm|woff2?|ttf|zip|gz|tgz)$/i;
const CAMEL = /^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/;
const PASCAL_TWO_PARTS = /^[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*$/;
const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/;
const WORD = /[A-Za-z_$][\w$]*/g;
/** A placeholder or a glob ends the part of a path that can be checked. */
const PATH_CUT = /[<*…{?#]/;

/** Inline code spans of a Markdown text with their line numbers, outside fenced code blocks. */
export function codeSpans(markdown: string): Array<{ text: string; line: number }> {
  const spans: Array<{ text: string; line: number }> = [];
  let fenced = false;
  markdown.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    for (const match of line.matchAll(/(`+)([^`]+?)\1(?!`)/g)) spans.push({ text: match[2]!.trim(), line: index + 1 });
  });
  return spans;
}

/** Relative link targets of a Markdown text (`[x](docs/a.md)`, `![x](docs/screenshots/a.png)`), outside fenced blocks. */
export function relativeLinks(markdown: string): Array<{ text: string; line: number }> {
  const links: Array<{ text: string; line: number }> = [];
  let fenced = false;
  markdown.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) return;
    const withoutCode = line.replace(/`[^`]*`/g, '');
    for (const match of withoutCode.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = match[1]!.split('#')[0]!;
      if (target === '' || /^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      links.push({ text: target, line: index + 1 });
    }
  });
  return links;
}

type PathCheck = { how: 'exact' | 'file-suffix' | 'folder-suffix' | 'basename'; path: string };

/** How a word in backticks is checked as a path, or null when it is not a path of ours. */
export function pathCheckOf(word: string, { topLevel, ignored }: RepoRoots): PathCheck | null {
  if (word.includes('://') || word.startsWith('..') || (/^[/~.]/.test(word) && !/^\.[\w-]/.test(word))) return null;
  const cut = word.search(PATH_CUT);
  const checked = cut === -1 ? word : word.slice(0, cut);
  if (checked === '' || !/^[\w.@/-]+$/.test(checked)) return null;
  const first = checked.split('/')[0]!;
  if (ignored.has(first)) return null;
  if (topLevel.has(first) && (checked.includes('/') || cut === -1)) return { how: 'exact', path: checked.replace(/\/+$/, '') };
  if (cut !== -1) return null;
  if (checked.includes('/')) {
    if (SOURCE_EXTENSION.test(checked)) return { how: 'file-suffix', path: checked };
    if (checked.endsWith('/') && /^[\w.-]+(\/[\w.-]+)*\/$/.test(checked)) return { how: 'folder-suffix', path: checked.replace(/\/$/, '') };
    return null;
  }
  if (/^[\w.-]+\.(ts|tsx|js|mjs|cjs|css|sql)$/.test(checked)) return { how: 'basename', path: checked };
  return null;
}

/** Whether a word is one the source must hold: camelCase, PascalCase of two parts, UPPER_SNAKE. */
export const looksLikeIdentifier = (word: string): boolean => CAMEL.test(word) || PASCAL_TWO_PARTS.test(word) || UPPER_SNAKE.test(word);

/** The paths and identifiers one code span names. */
export function referencesOf(span: string, roots: RepoRoots): Array<Pick<Reference, 'kind' | 'text'>> {
  const found: Array<Pick<Reference, 'kind' | 'text'>> = [];
  for (const raw of span.split(/[\s=,;()'"[\]]+/)) {
    const token = raw.replace(/[:.]+$/, '');
    if (token === '') continue;
    if (pathCheckOf(token, roots)) {
      found.push({ kind: 'path', text: token });
      continue;
    }
    for (const [word] of token.matchAll(WORD)) if (looksLikeIdentifier(word)) found.push({ kind: 'identifier', text: word });
  }
  return found;
}

function exists(check: PathCheck, tree: RepoTree): boolean {
  const { files, folders } = tree;
  switch (check.how) {
    case 'exact':
      return files.has(check.path) || folders.has(check.path) || check.path === '';
    case 'file-suffix':
      return [...files].some((file) => file === check.path || file.endsWith(`/${check.path}`));
    case 'folder-suffix':
      return [...folders].some((folder) => folder === check.path || folder.endsWith(`/${check.path}`));
    case 'basename':
      return [...files].some((file) => path.posix.basename(file) === check.path);
  }
}

/**
 * What a document names that the tree does not hold. `allowed` lists identifiers the source need
 * not hold (each with its reason, in the test).
 */
export function danglingIn(file: string, markdown: string, tree: RepoTree, allowed: ReadonlySet<string> = new Set()): Dangling[] {
  const dangling: Dangling[] = [];
  for (const span of codeSpans(markdown)) {
    for (const reference of referencesOf(span.text, tree)) {
      const missing =
        reference.kind === 'path'
          ? !exists(pathCheckOf(reference.text, tree)!, tree)
          : !tree.words.has(reference.text) && !allowed.has(reference.text);
      if (missing) dangling.push({ ...reference, line: span.line, file });
    }
  }
  const folder = path.posix.dirname(file);
  for (const link of relativeLinks(markdown)) {
    const target = path.posix.normalize(path.posix.join(folder, decodeURIComponent(link.text))).replace(/\/$/, '');
    if (!tree.files.has(target) && !tree.folders.has(target)) dangling.push({ kind: 'link', text: link.text, line: link.line, file });
  }
  return dangling;
}

/** The folders `.gitignore` names (`test-results/`), and `.git`. */
export function ignoredFolders(root: string): Set<string> {
  const ignored = new Set(['.git']);
  for (const line of readFileSync(path.join(root, '.gitignore'), 'utf8').split('\n')) {
    const name = line.trim();
    if (/^[\w.-]+\/$/.test(name)) ignored.add(name.slice(0, -1));
  }
  return ignored;
}

/**
 * The repository on disk: its files and folders, and the words of its source (every text file
 * outside `docs/` and the README, and outside `notSource`, such as the checker's own test).
 */
export function readRepoTree(root: string, notSource: readonly string[] = []): RepoTree {
  const ignored = ignoredFolders(root);
  const topLevel = new Set(readdirSync(root).filter((name) => !ignored.has(name)));
  const files = new Set<string>();
  const folders = new Set<string>();
  const words = new Set<string>();
  const walk = (relative: string) => {
    for (const name of readdirSync(path.join(root, relative))) {
      const entry = relative === '' ? name : `${relative}/${name}`;
      if (relative === '' && !topLevel.has(name)) continue;
      const stats = statSync(path.join(root, entry));
      if (stats.isDirectory()) {
        folders.add(entry);
        walk(entry);
        continue;
      }
      files.add(entry);
      const isDoc = entry === 'README.md' || entry.startsWith('docs/');
      // The lockfile is generated, and its words (package names, npm's own fields) are not ours.
      if (isDoc || entry === 'package-lock.json' || notSource.includes(entry) || BINARY_EXTENSION.test(name) || stats.size > 2_000_000) continue;
      for (const [word] of readFileSync(path.join(root, entry), 'utf8').matchAll(WORD)) words.add(word);
    }
  };
  walk('');
  return { topLevel, ignored, files, folders, words };
}

/**
 * Sentences of a lab notebook rather than a reference: who ran what ("other helpers' tests"),
 * "here" for a machine ("Electron never ran here", "measured on this machine"), times of day (after
 * a date too: "2026-11-26 04:33"; a span of them: "18:52–18:58") and the work sessions a figure
 * came from ("before this session's changes", "in an earlier session").
 * Figures name the machine they came from instead ("2-core x86_64 VM, Node 20.20, load 1.2").
 */
const DIARY = [
  /\b(other|another|one|two|three|four|five|six|seven) helpers?('s?)?\b|\bhelpers'/i,
  /\b(ran|run|runs|measured|tested|seen|installed|downloaded|launched|started|built) here\b/i,
  /\b(on|in) this (shared |quiet |two-core |2-core )?machine\b/i,
  /\b(these|our|this project's) machines\b/i,
  /\b\d{1,2}:\d{2}(\s*[–-]\s*\d{1,2}:\d{2})?\s*UTC\b/,
  /\b\d{4}-\d{2}-\d{2},? \d{1,2}:\d{2}\b/,
  /\b\d{1,2}:\d{2}\s*[–-]\s*\d{1,2}:\d{2}\b/,
  /\b(this|last|previous|earlier) session('s)?\b/i,
];

export function diaryIn(file: string, markdown: string): Array<{ file: string; line: number; text: string }> {
  const found: Array<{ file: string; line: number; text: string }> = [];
  markdown.split('\n').forEach((line, index) => {
    for (const pattern of DIARY) {
      const match = pattern.exec(line);
      if (match) found.push({ file, line: index + 1, text: match[0] });
    }
  });
  return found;
}
