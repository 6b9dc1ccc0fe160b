/**
 * The keyboard on a table's rows, as in the operator consoles staff know: ↓ and ↑ (or j and k) move
 * between rows, Home and End go to the first and the last, Enter opens the row (its drawer). Only
 * keys pressed on the row itself count, so a button or a field inside it keeps its own.
 */
import type { KeyboardEvent } from 'react';

/** Rows a table lets the keyboard reach: those given `tabIndex` 0. */
const reachable = (row: HTMLElement) =>
  Array.from(row.parentElement?.children ?? []).filter(
    (element): element is HTMLElement => element instanceof HTMLElement && element.tabIndex === 0,
  );

export function onRowKeyDown(open: (() => void) | undefined) {
  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const row = event.currentTarget;
    const rows = reachable(row);
    const at = rows.indexOf(row);
    const target =
      event.key === 'ArrowDown' || event.key === 'j'
        ? rows[at + 1]
        : event.key === 'ArrowUp' || event.key === 'k'
          ? rows[at - 1]
          : event.key === 'Home'
            ? rows[0]
            : event.key === 'End'
              ? rows.at(-1)
              : undefined;
    if (event.key === 'Enter' && open) {
      event.preventDefault();
      open();
    } else if (target) {
      // The page does not scroll by itself as well: the focused row is brought into view instead.
      event.preventDefault();
      target.focus();
    }
  };
}
