/**
 * What the web bundle takes from @omp/protocol: its constants and socket helpers, and the types
 * of the market module without that module's runtime. The market module builds zod schemas at
 * import time, and validating requests is the server's job: keeping zod out of the phone's
 * download saves about 20 kB gzip. vite.config.ts points `@omp/protocol` here for bundling only;
 * the type checker still reads the real package, so the types cannot drift. If the web ever needs
 * a runtime export of the market module, the build fails on the missing export instead of
 * shipping something wrong.
 */
export * from '../../../../packages/protocol/src/constants.ts';
export * from '../../../../packages/protocol/src/envelope.ts';
export * from '../../../../packages/protocol/src/socket.ts';
export type * from '../../../../packages/protocol/src/market.ts';
