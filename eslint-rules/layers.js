import path from 'node:path';

/**
 * The layers inside electron/, by the folder a file sits in: each may import the folders named in
 * `may` and nothing else of electron/; only those with `electron: true` may import Electron.
 * Imports are resolved against the importing file, so `../app/…` from electron/core/ (that is
 * electron/app/) is refused while `../../app/…` from electron/bridge/handlers/ is not mistaken for it.
 * No folder inside a layer is named like a layer (test/lint/layers.test.ts), so a path says its layer.
 * Anchor: VS Code's `code-layering` rule.
 */
export const ELECTRON_LAYERS = {
  'electron/core': { may: ['electron/core'], electron: false },
  'electron/bridge': { may: ['electron/core', 'electron/bridge'], electron: false },
  'electron/app': { may: ['electron/core', 'electron/bridge', 'electron/app'], electron: false },
  'electron/web': { may: ['electron/core', 'electron/bridge', 'electron/app', 'electron/web'], electron: false },
  'electron/main': { may: ['electron/core', 'electron/bridge', 'electron/app', 'electron/main'], electron: true },
  'electron/preload': { may: ['electron/preload'], electron: true },
};

const inside = (file, folder) => file === folder || file.startsWith(`${folder}/`);
const layerOf = (file) => Object.keys(ELECTRON_LAYERS).find((folder) => inside(file, folder)) ?? null;

export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Dependencies inside electron/ point one way: core ← bridge ← app ← main, preload, web.' },
    schema: [],
    messages: {
      layer: '{{from}} may not import {{to}}: {{from}} may import {{allowed}} (README "How it is built", docs/architecture.md).',
      electron: "{{from}} may not import Electron: only electron/main/ and electron/preload/ do; pass what you need in through the platform.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const from = layerOf(file);
    if (!from) return {};
    const rules = ELECTRON_LAYERS[from];

    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source === 'electron' || source.startsWith('electron/')) {
        if (!rules.electron) context.report({ node, messageId: 'electron', data: { from } });
        return;
      }
      if (!source.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), source)).split(path.sep).join('/');
      const to = layerOf(target);
      if (to && !rules.may.includes(to)) context.report({ node, messageId: 'layer', data: { from, to, allowed: rules.may.join(', ') } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
      TSImportType: (node) => {
        const argument = node.source ?? node.argument;
        const literal = argument?.literal ?? argument;
        if (literal?.type === 'Literal') check(node, literal.value);
      },
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require' && node.arguments[0]?.type === 'Literal') {
          check(node, node.arguments[0].value);
        }
      },
    };
  },
};

export default { rules: { layers: layersRule } };
