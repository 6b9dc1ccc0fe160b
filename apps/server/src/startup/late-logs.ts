/**
 * The loggers the parts are built with. The app's logger exists only once the app is built, which is
 * after every part it serves; until then the lines go to the console, afterwards through the app's
 * logger (JSON lines, the log stream of the tests). The parts hold closures that read the current
 * binding at each call, so rebinding here reaches all of them at once.
 */
import type { FastifyBaseLogger } from 'fastify';

export class LateLogs {
  private bound: FastifyBaseLogger | undefined;

  readonly info = (message: string): void => {
    if (this.bound) this.bound.info(message);
    else console.log(message);
  };

  readonly warn = (message: string): void => {
    if (this.bound) this.bound.warn(message);
    else console.warn(message);
  };

  readonly error = (error: unknown, message: string): void => {
    if (this.bound) this.bound.error({ err: error }, message);
    else console.error(message, error);
  };

  /** A failing listener of the event bus. */
  readonly eventError = (error: unknown, type: string): void => {
    if (this.bound) this.bound.error({ err: error }, `a ${type} listener failed`);
    else console.error(`a ${type} listener failed`, error);
  };

  /** From now on every line goes through the app's logger. */
  bindTo(logger: FastifyBaseLogger): void {
    this.bound = logger;
  }
}
