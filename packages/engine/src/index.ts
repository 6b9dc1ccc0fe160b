export * from './instrument.ts';
export * from './price.ts';
export * from './schedule.ts';
export * from './kline.ts';
export * from './day-stats.ts';
export * from './money.ts';
export * from './margin.ts';
export * from './trigger-book.ts';
