/**
 * Navigation for code outside React (the request layer's 999 redirect in main.tsx). The router is
 * a component (app/router.tsx), so it hands its navigate and location here while mounted; before it
 * mounts, the address itself is read and replaced, and the router starts from it.
 */
export interface AppLocation {
  pathname: string;
  search: string;
}

interface Navigator {
  location: () => AppLocation;
  navigate: (to: string, options: { replace: boolean }) => void;
}

/** The address as the hash router reads it: `#/path?query`, `/` when empty. */
function locationFromHash(): AppLocation {
  const route = window.location.hash.replace(/^#/, '');
  const queryAt = route.indexOf('?');
  const pathname = (queryAt < 0 ? route : route.slice(0, queryAt)) || '/';
  return { pathname, search: queryAt < 0 ? '' : route.slice(queryAt) };
}

const beforeMount: Navigator = {
  location: locationFromHash,
  navigate: (to, { replace }) => {
    const url = `${window.location.pathname}${window.location.search}#${to}`;
    if (replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
  },
};

let current: Navigator = beforeMount;

/** Called by the router while mounted, with what it navigates by; undefined when it unmounts. */
export function attachNavigator(navigator: Navigator | undefined): void {
  current = navigator ?? beforeMount;
}

export const appNavigation: Navigator = {
  location: () => current.location(),
  navigate: (to, options) => current.navigate(to, options),
};
