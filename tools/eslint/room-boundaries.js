// @ts-check
import { builtinModules } from 'node:module';
import path from 'node:path';
import { ROOMS, roomOf } from './rooms.js';

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

/**
 * Why `source`, imported from a file in `room`, breaks the room's rules; undefined when it is allowed.
 * @param {string} room @param {string} source @param {string} fromFile @param {string} root
 */
export function violation(room, source, fromFile, root) {
  const rule = ROOMS[/** @type {keyof typeof ROOMS} */ (room)];
  if (source.startsWith('.')) {
    const target = path.relative(root, path.resolve(path.dirname(fromFile), source));
    const targetRoom = roomOf(target);
    if (!targetRoom) return `${room}/ may not import ${target} (outside every room)`;
    return rule.rooms.includes(targetRoom) ? undefined : `${room}/ may not import from ${targetRoom}/`;
  }
  if (isNodeBuiltin(source)) return rule.node ? undefined : `${room}/ may not import Node built-in "${source}"`;
  const name = packageName(source);
  if (name === 'electron') return 'electron' in rule ? undefined : `${room}/ may not import "electron"`;
  if (rule.packages === '*' || rule.packages.includes(name)) return undefined;
  return `${room}/ may not import package "${name}"`;
}

/** ESLint rule: every import must respect the room boundaries of architecture.md. */
export const roomBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce which rooms and packages each room may import (architecture.md).' },
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
    };
  },
};
