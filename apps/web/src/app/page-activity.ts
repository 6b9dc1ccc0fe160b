import { createContext, useContext } from 'react';

/**
 * Whether the page around a component is the one on screen. Kept-alive pages stay mounted while
 * hidden; they can read this to pause work (a chart need not redraw behind another screen).
 */
export const PageActivityContext = createContext(true);

export function usePageActive(): boolean {
  return useContext(PageActivityContext);
}
