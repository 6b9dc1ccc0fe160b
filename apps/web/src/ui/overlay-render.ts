/**
 * antd-mobile's imperative overlays (Toast, Dialog and the like) mount their own React roots; on
 * React 19 it needs createRoot handed to it, or they silently never appear. Loaded with the first
 * overlay's code and with every screen but the quote list (ui/overlays.ts): antd-mobile's module
 * that takes the renderer also holds its fallback (React 18's `render`, with the helpers its
 * compiled async code needs), a few kilobytes the quote list does not need before its first price.
 */
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';

const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node: ReactElement, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // Unmounting synchronously inside React's own render phase warns; defer it a tick.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});
