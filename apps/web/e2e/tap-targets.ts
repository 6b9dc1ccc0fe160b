/**
 * How big a control is to a finger: its tappable box measured in the page as a tap would find it
 * (`elementFromPoint` outward from its centre), so an enlarged hit area (a pseudo-element over the
 * row's padding) counts and anything laid over the control does not.
 */
import type { Page } from 'playwright-core';

export interface TapTarget {
  label: string;
  width: number;
  height: number;
}

/** The tappable width and height of every visible element that `selector` matches, each in view. */
export function tapTargets(page: Page, selector: string): Promise<TapTarget[]> {
  return page.evaluate((selector) => {
    const reach = (el: Element, x: number, y: number, dx: number, dy: number) => {
      let steps = 0;
      for (;;) {
        const hit = document.elementFromPoint(x + dx * (steps + 1), y + dy * (steps + 1));
        if (!hit || !el.contains(hit)) return steps;
        steps += 1;
        if (steps > 100) return steps;
      }
    };
    return [...document.querySelectorAll(selector)]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => {
        // In the middle of the screen, clear of the fixed bars: where a finger would find it.
        el.scrollIntoView({ behavior: 'instant', block: 'center', inline: 'center' });
        const box = el.getBoundingClientRect();
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        return {
          label: (el.textContent ?? '').trim() || el.getAttribute('data-testid') || selector,
          width: reach(el, x, y, -1, 0) + reach(el, x, y, 1, 0) + 1,
          height: reach(el, x, y, 0, -1) + reach(el, x, y, 0, 1) + 1,
        };
      });
  }, selector);
}
