/** A small seeded pseudo-random generator (sfc32), so every run sends the same cases for the same seed. */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max] (both included). */
  int(min: number, max: number): number;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** A new generator derived from this one and a label (independent streams per endpoint and class). */
  fork(label: string): Random;
}

/** 32-bit FNV-1a of a string, to turn labels into seeds. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A generator seeded with a number or a string. */
export function seededRandom(seed: number | string): Random {
  const start = typeof seed === 'number' ? seed >>> 0 : hash(seed);
  let a = start;
  let b = hash(`${start}b`);
  let c = hash(`${start}c`);
  let d = 1;
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i += 1) next();
  const random: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
    fork: (label) => seededRandom(`${start}:${label}`),
  };
  return random;
}
