import { describe, expect, it } from 'vitest';
import { previewOf } from './risk-preview.ts';

describe('the risk warning preview', () => {
  it('fills the figure in, or shows the text without one while there is none', () => {
    expect(previewOf('{percent}% lose money.', '74.2', 'General.')).toBe('74.2% lose money.');
    expect(previewOf('{percent}% lose money.', null, 'General.')).toBe('General.');
    expect(previewOf('Trading is risky.', null, 'General.')).toBe('Trading is risky.');
  });
});
