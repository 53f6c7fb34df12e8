// A form checked as it is typed (the team chat destination form, the report form; their fields
// are components/Field.svelte): a field's problem shows once the field is left or Add was
// pressed; the core's refusal of a field shows at it until that field is edited; a refused form
// says so by its button and puts the focus on its first marked field. Each control names its
// field with `data-field`; the form's buttons sit in an element of class `actions`; the form
// element is components/CheckedFormElement.svelte.
import { tick } from 'svelte';
import type { Problem } from '../validate';
import type { Action } from './loader.svelte';

type Problems<F extends string> = Partial<Record<F, NonNullable<Problem>>>;

/** The field an event came from (`data-field` on the control). */
const fieldOf = <F extends string>(e: Event) =>
  ((e.target as HTMLElement | null)?.dataset?.field as F | undefined) ?? null;

export class CheckedForm<F extends string> {
  tried = $state(false);
  touched = $state<Partial<Record<F, true>>>({});
  /** The core's refusals, by field. */
  server = $state<Problems<F>>({});
  /** The core's refusal that belongs to no field, shown by the buttons. */
  general = $state<Problem>(null);
  /** Add was refused (by the form's own check or the core's) and nothing changed since. */
  refused = $state(false);
  element: HTMLFormElement | undefined = $state();

  /** `problems`: the form's own check of what is typed now. */
  constructor(private readonly problems: () => Problems<F>) {}

  /** The problem to show at `f`. */
  shown(f: F): NonNullable<Problem> | undefined {
    return this.server[f] ?? (this.tried || this.touched[f] ? this.problems()[f] : undefined);
  }

  /** The form's `oninput` and `onchange`: an edited field drops the core's refusal of it. */
  edited = (e: Event) => {
    const f = fieldOf<F>(e);
    if (f && this.server[f]) this.server = { ...this.server, [f]: undefined };
    this.refused = false;
    this.general = null;
  };

  /** The form's `onfocusout`: the field left shows its problem. */
  left = (e: FocusEvent) => {
    // Left for a button of the form: a problem shown now would move the button from under the
    // pointer between its press and release, and the click would be lost. Add shows them all.
    if ((e.relatedTarget as Element | null)?.closest?.('.actions')) return;
    const f = fieldOf<F>(e);
    if (f) this.touched[f] = true;
  };

  /** The core refused `field` (null: no field of the form) for `problem`. */
  refuse(field: F | null, problem: NonNullable<Problem>) {
    if (field) this.server = { ...this.server, [field]: problem };
    else this.general = problem;
  }

  /**
   * Add: nothing is sent while the form's own check (`out`) finds a problem; otherwise `send`
   * runs under `saving`, and a refusal that `fieldProblem` ties to a field shows at that field.
   * What the core added, or null when nothing was.
   */
  async add<Q, R>(
    out: { ok: true; request: Q } | { ok: false },
    saving: Action,
    send: (request: Q) => Promise<R>,
    fieldProblem: (error: unknown) => { field: F | null; problem: NonNullable<Problem> } | null,
  ): Promise<R | null> {
    this.tried = true;
    if (!out.ok) {
      await this.notAdded();
      return null;
    }
    this.refused = false;
    const added = await saving.run(() => send(out.request));
    if (added) return added;
    const p = fieldProblem(saving.error);
    if (p) {
      this.refuse(p.field, p.problem);
      saving.error = null;
    }
    await this.notAdded();
    return null;
  }

  /** Add was refused: say so, and focus the first field marked. */
  async notAdded() {
    this.refused = true;
    await tick();
    this.element?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }
}
