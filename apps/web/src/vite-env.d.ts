/// <reference types="vite/client" />

/** The app version from package.json, injected at build time (vite.config.ts `define`). */
declare const __APP_VERSION__: string;
