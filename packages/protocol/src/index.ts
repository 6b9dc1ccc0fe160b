export * from './constants.ts';
export * from './envelope.ts';
export * from './market.ts';
export * from './socket.ts';
export * from './account.ts';
export * from './trading.ts';
