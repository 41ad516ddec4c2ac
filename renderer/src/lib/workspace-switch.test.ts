import { describe, expect, it } from 'vitest';
import { screenAfterWorkspaceSwitch } from './workspace-switch.ts';

describe('screenAfterWorkspaceSwitch', () => {
  it('stays on a list screen, which the new workspace has too', () => {
    for (const list of ['/projects', '/registry', '/requests', '/webhooks', '/members', '/keys', '/audit', '/users', '/connections', '/requests/']) {
      expect(screenAfterWorkspaceSwitch(list)).toBeUndefined();
    }
  });

  it("goes to the new workspace's Projects from a screen of the old one's project or run", () => {
    expect(screenAfterWorkspaceSwitch('/projects/p-1')).toBe('/projects');
    expect(screenAfterWorkspaceSwitch('/projects/p-1/analysis')).toBe('/projects');
    expect(screenAfterWorkspaceSwitch('/experiments/0123456789abcdef')).toBe('/projects');
    expect(screenAfterWorkspaceSwitch('/')).toBe('/projects');
  });

  it("goes to the new workspace's Registry from a model's or a version's page", () => {
    expect(screenAfterWorkspaceSwitch('/registry/classifier')).toBe('/registry');
    expect(screenAfterWorkspaceSwitch('/registry/classifier/1.0.0')).toBe('/registry');
  });
});
