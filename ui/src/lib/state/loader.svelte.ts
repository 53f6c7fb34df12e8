// A value fetched from the backend with its loading and error states.

export class Loader<T> {
  // Raw: an answer is replaced whole, never changed in place, and a deep proxy would wrap each
  // of a big office's 20,000 people in one of its own, with a signal for every field read.
  data = $state.raw<T | null>(null);
  error = $state.raw<unknown>(null);
  loading = $state(false);
  #seq = 0;

  constructor(private readonly fetcher: () => Promise<T>) {}

  /** Fetches again; an older answer arriving late is ignored. */
  async run(): Promise<void> {
    const seq = ++this.#seq;
    this.loading = true;
    this.error = null;
    try {
      const value = await this.fetcher();
      if (seq === this.#seq) this.data = value;
    } catch (e) {
      if (seq === this.#seq) this.error = e;
    } finally {
      if (seq === this.#seq) this.loading = false;
    }
  }
}

/** Runs an action and records its error and busy state, for buttons and forms. */
export class Action {
  busy = $state(false);
  error = $state.raw<unknown>(null);

  async run<T>(fn: () => Promise<T>): Promise<T | undefined> {
    this.busy = true;
    this.error = null;
    try {
      return await fn();
    } catch (e) {
      this.error = e;
      return undefined;
    } finally {
      this.busy = false;
    }
  }
}
