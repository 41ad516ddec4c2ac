import { describe, expect, it } from 'vitest';
import { endedWorkspace, pickWorkspace, standingChoice } from './workspace.ts';

describe('pickWorkspace', () => {
  it("keeps the user's choice while it exists", () => {
    expect(pickWorkspace('team', 'admin', ['admin', 'team'])).toBe('team');
  });

  it('falls back to the default, then to the first workspace, when the choice is gone', () => {
    expect(pickWorkspace('deleted', 'admin', ['admin', 'team'])).toBe('admin');
    expect(pickWorkspace(undefined, 'gone-too', ['team', 'admin'])).toBe('team');
  });

  it('picks nothing when the caller belongs to no workspace', () => {
    expect(pickWorkspace('team', 'admin', [])).toBeUndefined();
  });
});

describe('endedWorkspace', () => {
  it('names the chosen workspace once the caller no longer belongs to it', () => {
    expect(endedWorkspace('team', ['admin'])).toBe('team');
    expect(endedWorkspace('team', [])).toBe('team');
  });

  it('names nothing while the choice is still theirs, or when nothing was chosen', () => {
    expect(endedWorkspace('team', ['admin', 'team'])).toBeUndefined();
    expect(endedWorkspace(undefined, ['admin'])).toBeUndefined();
  });
});

describe('standingChoice', () => {
  it('drops a choice of the local workspace\'s former name "admin" once that workspace is named for its person', () => {
    expect(standingChoice('admin', 'embedded', ['alice', 'team'])).toBeUndefined();
    expect(endedWorkspace(standingChoice('admin', 'embedded', ['alice']), ['alice'])).toBeUndefined();
  });

  it('keeps every other choice: "admin" while it exists or before the list is read, and any choice on another connection', () => {
    expect(standingChoice('admin', 'embedded', ['admin', 'team'])).toBe('admin');
    expect(standingChoice('admin', 'embedded', [])).toBe('admin');
    expect(standingChoice('admin', 'remote', ['alice'])).toBe('admin');
    expect(standingChoice('team', 'embedded', ['alice'])).toBe('team');
  });
});
