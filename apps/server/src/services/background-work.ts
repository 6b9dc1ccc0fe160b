/**
 * Work a caller starts and does not wait for (a notice by mail, a Web Push send), kept so that a
 * graceful stop can wait for all of it before the connections it needs close.
 */
export class BackgroundWork {
  private readonly underway = new Set<Promise<unknown>>();

  /** Keeps `work` until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.underway.add(work);
    const forget = () => void this.underway.delete(work);
    work.then(forget, forget);
    return work;
  }

  /** Resolves once everything tracked, and anything it started meanwhile, has settled. */
  async idle(): Promise<void> {
    while (this.underway.size > 0) await Promise.allSettled([...this.underway]);
  }
}
