// @ts-check
import { builtinModules } from 'node:module';
import path from 'node:path';
import { ROOMS, SERVER_SRC, roomOf, serverFolderOf, serverPart } from './rooms.js';

const nodeBuiltins = new Set(builtinModules);

/** @param {string} source */
function isNodeBuiltin(source) {
  return source.startsWith('node:') || nodeBuiltins.has(source.split('/')[0] ?? '');
}

/** @param {string} source */
function packageName(source) {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? source);
}

/** @param {string} name */
const folder = (name) => `${SERVER_SRC}/${name}`;

/** @param {string[]} names @param {string} none */
const listed = (names, none) => (names.length > 0 ? names.join(', ') : none);

/**
 * Why the layer `fromName` (or a domain or process) may not import the layer `toName`; undefined when it may.
 * @param {string} fromName @param {import('./rooms.js').ServerPart} fromPart @param {string} toName
 */
function layerImport(fromName, fromPart, toName) {
  if (fromPart.kind !== 'layer' || fromPart.uses.includes(toName)) return undefined;
  return `${folder(fromName)} may not import ${folder(toName)} (${fromName} uses ${listed(fromPart.uses, 'no other server folder')})`;
}

/**
 * Why `from` (in `fromName`) may not import `target`, a file of another domain, when `from` may use that domain: not its index.ts.
 * @param {string} from @param {string} fromName @param {string} toName @param {string} target
 */
function throughIndex(from, fromName, toName, target) {
  const index = `${folder(toName)}/index.ts`;
  if (target === index) return undefined;
  const relative = path.posix.relative(path.posix.dirname(from), index);
  const suggestion = relative.startsWith('.') ? relative : `./${relative}`;
  return `${folder(fromName)} may not import ${target}; import another domain through its index.ts: ${suggestion}`;
}

/**
 * Why `from` (in `fromName`) may not import `target`, a file of the domain `toName`; undefined when it may.
 * @param {string} from @param {string} fromName @param {import('./rooms.js').ServerPart} fromPart @param {string} toName @param {string} target
 */
function domainImport(from, fromName, fromPart, toName, target) {
  const forbidden = `${folder(fromName)} may not import ${folder(toName)}`;
  if (fromPart.kind === 'layer') return `${forbidden} (a layer imports no domain; ${fromName} uses ${listed(fromPart.uses, 'no other server folder')})`;
  if (fromPart.kind === 'domain' && !fromPart.uses.includes(toName)) return `${forbidden} (${fromName} uses ${listed(fromPart.uses, 'no other domain')})`;
  return throughIndex(from, fromName, toName, target);
}

/**
 * Why `target`, imported from `from` (both repository-relative files in server/src), breaks the server parts' rules
 * (SERVER_PARTS in rooms.js); undefined when it is allowed.
 * @param {string} from @param {string} target
 */
export function serverViolation(from, target) {
  const fromName = serverFolderOf(from) ?? '';
  const toName = serverFolderOf(target) ?? '';
  const fromPart = serverPart(fromName);
  if (!fromPart) return `${from} is outside every server part (add its folder to SERVER_PARTS in tools/eslint/rooms.js)`;
  if (fromName === toName) return undefined;
  const toPart = serverPart(toName);
  if (!toPart) return `${folder(fromName)} may not import ${target} (outside every server part)`;
  if (toPart.kind === 'layer') return layerImport(fromName, fromPart, toName);
  if (toPart.kind === 'process') return `${folder(fromName)} may not import ${folder(toName)} (nothing imports process: it sits on top)`;
  return domainImport(from, fromName, fromPart, toName, target);
}

/** @param {string} file @param {string} root */
const repoPath = (file, root) => path.relative(root, file).split(path.sep).join('/');

/**
 * Why `source`, imported from a file in `room`, breaks the room's rules; undefined when it is allowed.
 * @param {string} room @param {string} source @param {string} fromFile @param {string} root
 */
export function violation(room, source, fromFile, root) {
  const rule = ROOMS[/** @type {keyof typeof ROOMS} */ (room)];
  if (source.startsWith('.')) {
    const target = repoPath(path.resolve(path.dirname(fromFile), source), root);
    const targetRoom = roomOf(target);
    if (!targetRoom) return `${room}/ may not import ${target} (outside every room)`;
    if (!rule.rooms.includes(targetRoom)) return `${room}/ may not import from ${targetRoom}/`;
    const from = repoPath(fromFile, root);
    return serverFolderOf(from) !== undefined && serverFolderOf(target) !== undefined ? serverViolation(from, target) : undefined;
  }
  if (isNodeBuiltin(source)) return rule.node ? undefined : `${room}/ may not import Node built-in "${source}"`;
  const name = packageName(source);
  if (name === 'electron') return 'electron' in rule ? undefined : `${room}/ may not import "electron"`;
  if (rule.packages === '*' || rule.packages.includes(name)) return undefined;
  return `${room}/ may not import package "${name}"`;
}

/** ESLint rule: every import must respect the room boundaries of architecture.md, and in server/src the parts of SERVER_PARTS. */
export const roomBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce which rooms and packages each room may import (architecture.md), and which server/src folders each may import.' },
    schema: [],
    messages: { forbidden: 'Room boundary: {{reason}}.' },
  },
  /** @param {import('eslint').Rule.RuleContext} context */
  create(context) {
    const root = context.cwd;
    const room = roomOf(path.relative(root, context.filename));
    if (!room) return {};
    /** @param {any} node */
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string') return;
      const reason = violation(room, source, context.filename, root);
      if (reason) context.report({ node: node.source, messageId: 'forbidden', data: { reason } });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
      TSImportType: check,
    };
  },
};
