import { describe, expect, it } from 'vitest';
import { sanitizeFavourites, toggleFavourite } from './favourites.ts';
import { spreadPoints } from './quote-row.tsx';

describe('favourites', () => {
  it('stars at the end and unstars in place, never twice', () => {
    expect(toggleFavourite([], 3)).toEqual([3]);
    expect(toggleFavourite([3], 7)).toEqual([3, 7]);
    expect(toggleFavourite([3, 7, 9], 7)).toEqual([3, 9]);
    expect(toggleFavourite(toggleFavourite([3], 3), 3)).toEqual([3]);
  });

  it('keeps from storage only whole positive ids, each once', () => {
    expect(sanitizeFavourites({ ids: [5, 2, 5, 0, -1, 1.5, '4', null] })).toEqual([5, 2]);
    expect(sanitizeFavourites({ ids: 'oops' })).toEqual([]);
    expect(sanitizeFavourites(null)).toEqual([]);
    expect(sanitizeFavourites(undefined)).toEqual([]);
  });
});

describe('spread', () => {
  it('counts points of the instrument precision, without float noise', () => {
    expect(spreadPoints(1.16459, 1.16471, 5)).toBe(12);
    expect(spreadPoints(155.5, 155.514, 3)).toBe(14);
    expect(spreadPoints(91500, 91530, 2)).toBe(3000);
    // A crossed quote shows no negative spread.
    expect(spreadPoints(1.1, 1.09, 5)).toBe(0);
  });
});
