import { describe, expect, it } from 'vitest';
import { auditDiff } from './diff.ts';

describe('audit diff', () => {
  it('lists only the fields that changed, with created and removed ones, and times as times', () => {
    const changes = auditDiff(
      { status: 1, remark: null, roles: ['finance'], same: 'x' },
      { status: 3, remark: 'Blurred', roles: ['finance', 'admin'], same: 'x', reviewed_at: 0 },
      (ms) => `t${ms}`,
    );
    expect(changes).toEqual([
      { field: 'status', before: '1', after: '3' },
      { field: 'remark', before: '', after: 'Blurred' },
      { field: 'roles', before: '["finance"]', after: '["finance","admin"]' },
      { field: 'reviewed_at', before: '', after: 't0' },
    ]);
  });

  it('treats a record created from nothing as every field new', () => {
    expect(auditDiff(null, { username: 'anna' })).toEqual([{ field: 'username', before: '', after: 'anna' }]);
  });
});
