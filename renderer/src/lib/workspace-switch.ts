/** The screens that list what a workspace holds (or the caller's own things): each exists in every workspace. */
const WORKSPACE_LISTS = new Set(['/projects', '/registry', '/requests', '/webhooks', '/members', '/keys', '/audit', '/users', '/connections']);

/**
 * Where the app goes when another workspace is chosen on `pathname`: the same list in the new workspace (undefined: stay),
 * a model's or version's page goes to the new workspace's Registry, and a screen of one of the old workspace's projects
 * or runs (its page, its analysis, a run) goes to the new workspace's Projects.
 */
export function screenAfterWorkspaceSwitch(pathname: string): string | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (WORKSPACE_LISTS.has(path)) return undefined;
  if (path.startsWith('/registry/')) return '/registry';
  return '/projects';
}
