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

  it('names in words the values the caller knows words for, and shows the others as they are', () => {
    const inWords = (field: string, value: unknown) =>
      field === 'status'
        ? ({ 1: 'Waiting', 2: 'Certified' } as Record<string, string>)[String(value)]
        : undefined;
    expect(auditDiff({ status: 1, note: 2 }, { status: 2, note: 3 }, undefined, inWords)).toEqual([
      { field: 'status', before: 'Waiting', after: 'Certified' },
      { field: 'note', before: '2', after: '3' },
    ]);
    // A status with no words (a state this screen does not know) keeps its code.
    expect(auditDiff({ status: 1 }, { status: 9 }, undefined, inWords)).toEqual([
      { field: 'status', before: 'Waiting', after: '9' },
    ]);
  });
});
