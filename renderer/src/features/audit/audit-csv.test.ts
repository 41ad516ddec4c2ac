import { describe, expect, it } from 'vitest';
import { auditCsv, type AuditEvent } from './audit-csv.ts';

describe('auditCsv', () => {
  it('writes one row per entry, quoting cells that hold commas, quotes or line breaks, and states as JSON', () => {
    const event: AuditEvent = {
      id: 7,
      at: Date.UTC(2026, 10, 27, 15, 0, 0),
      actorName: 'ada',
      keyPrefix: 'abcd1234',
      workspaceName: 'lab, north',
      action: 'member.roleChanged',
      target: 'bo "the lead"',
      before: { role: 'viewer' },
      after: null,
    };
    expect(auditCsv([event])).toBe(
      'id,at,actor,key,workspace,action,target,before,after\r\n' +
        '7,2026-11-27T15:00:00.000Z,ada,abcd1234,"lab, north",member.roleChanged,"bo ""the lead""","{""role"":""viewer""}",\r\n',
    );
  });
});
