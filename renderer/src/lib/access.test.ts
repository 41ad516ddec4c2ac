import { describe, expect, it } from 'vitest';
import { accessTo, type AccessCaller } from './access.ts';

const viewer: AccessCaller = { userName: 'vic', isServiceAdmin: false, readOnlyKey: false, role: 'viewer', workspaceName: 'team' };

describe('accessTo: whether a control may be used, from the contract entry, the key and the role', () => {
  it('lets anyone read, and names the role needed and the caller’s role when it falls short', () => {
    expect(accessTo('listProjects', viewer)).toEqual({ allowed: true });
    expect(accessTo('createProject', viewer)).toEqual({ allowed: false, reason: 'Needs the member role; you are a viewer in “team”.' });
    expect(accessTo('setRegistryPolicy', { ...viewer, role: 'member' })).toEqual({ allowed: false, reason: 'Needs the admin role; you are a member in “team”.' });
    expect(accessTo('setRegistryPolicy', { ...viewer, role: 'admin' })).toEqual({ allowed: true });
  });

  it('caps a read-only key at reading, even for an admin, and makes a service admin an admin of their workspaces', () => {
    const readOnly = accessTo('createProject', { ...viewer, role: 'admin', readOnlyKey: true });
    expect(readOnly).toEqual({ allowed: false, reason: "This connection's key is read-only: it may read, not change anything." });
    expect(accessTo('replaceWebhookConfig', { ...viewer, isServiceAdmin: true })).toEqual({ allowed: true });
    expect(accessTo('createUser', viewer)).toEqual({ allowed: false, reason: 'Needs a service admin; “vic” is not one.' });
  });

  it('counts what is not known yet as allowed (no flash of disabled controls), and what belongs to no workspace by the key alone', () => {
    expect(accessTo('createProject', { ...viewer, role: undefined, isServiceAdmin: undefined, readOnlyKey: undefined })).toEqual({ allowed: true });
    expect(accessTo('createWorkspace', { ...viewer, workspaceName: null })).toEqual({ allowed: true });
    expect(accessTo('createWorkspace', { ...viewer, workspaceName: null, readOnlyKey: true }).allowed).toBe(false);
  });
});
