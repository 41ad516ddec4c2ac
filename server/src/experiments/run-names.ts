import { randomInt } from 'node:crypto';

const ADJECTIVES = [
  'amber', 'bold', 'brave', 'bright', 'calm', 'clever', 'cool', 'crisp', 'daring', 'dark', 'deep', 'eager', 'easy', 'fair', 'fancy', 'fast',
  'fine', 'fresh', 'gentle', 'glad', 'golden', 'grand', 'green', 'happy', 'hardy', 'honest', 'humble', 'icy', 'jolly', 'keen', 'kind', 'light',
  'lively', 'lucky', 'misty', 'noble', 'polar', 'proud', 'quick', 'quiet', 'rapid', 'rare', 'royal', 'rustic', 'scarlet', 'sharp', 'shiny', 'silent',
  'silver', 'smooth', 'snowy', 'solar', 'stellar', 'still', 'stoic', 'sunny', 'swift', 'tidy', 'vivid', 'warm', 'wild', 'wise', 'young', 'zesty',
] as const;
const NOUNS = [
  'bird', 'breeze', 'brook', 'cloud', 'comet', 'dawn', 'dew', 'dream', 'dune', 'eagle', 'ember', 'field', 'fire', 'flower', 'fog', 'forest',
  'frost', 'galaxy', 'glade', 'grass', 'haze', 'hill', 'lake', 'leaf', 'meadow', 'moon', 'morning', 'mountain', 'night', 'oak', 'ocean', 'orbit',
  'paper', 'pine', 'planet', 'pond', 'rain', 'river', 'sea', 'shadow', 'sky', 'smoke', 'snow', 'sound', 'spark', 'spring', 'star', 'stone',
  'storm', 'sun', 'sunset', 'thunder', 'tree', 'valley', 'violet', 'water', 'wave', 'wind', 'wildflower', 'wood', 'yarn', 'zephyr', 'voice', 'harbor',
] as const;

/**
 * A readable name for a run created without one, as W&B names runs: two words and the run's number in its project
 * (`fresh-sun-12`), so names stay unique within a project while runs are only added.
 */
export function runName(numberInProject: number, pick: (size: number) => number = randomInt): string {
  const adjective = ADJECTIVES[pick(ADJECTIVES.length)] ?? 'fresh';
  const noun = NOUNS[pick(NOUNS.length)] ?? 'sun';
  return `${adjective}-${noun}-${numberInProject}`;
}
