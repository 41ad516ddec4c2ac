import { BACKGROUND_READ } from '../../lib/api.ts';

/** How often the registry screens read again while on screen: a model registered from an SDK shows within this. */
export const REGISTRY_FOLLOW_MS = 2_000;

/**
 * The options of the registry screens' reads, so that they follow changes made elsewhere (a model registered from
 * an SDK, a stage moved by someone else) as the experiment table does: the read is repeated in the background
 * (no "Working" bar; react-query pauses it while the window is hidden, and unchanged replies do not re-render).
 * The experiment table reads a change feed instead, because a project holds up to 100,000 experiments; a
 * workspace's registry is a list of models small enough to read whole, and the service keeps no single change
 * record that covers model-level edits (description, visibility, deletion) to build a feed cursor on, so a cheap
 * repeated read is the simpler and complete choice here.
 */
export const FOLLOW_REGISTRY = { refetchInterval: REGISTRY_FOLLOW_MS, meta: BACKGROUND_READ };
