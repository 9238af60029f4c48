// Recording what one transaction changes, so that a failed route can be undone and a committed one
// persisted as a few log lines, whatever the size of the state. Routes see the state through
// proxies that note, per top-level slice (`vouchers`, `events`, any slice added later), which keys
// were set or deleted and what they held before. Entries themselves are not watched: a route
// replaces an entry (`state.vouchers[code] = next`) instead of editing it in place, which the
// verify mode of the tests (state-verify.ts) checks.

const ABSENT: unique symbol = Symbol('absent');
type Held = unknown;

interface KeyRecord {
  before: Held;
  /** Deleted at some point: a key that is back at the end sits last, as after delete + set. */
  moved: boolean;
}

interface SliceRecord {
  name: string;
  keys: Map<string, KeyRecord>;
}

/** One change as written to the log: `[slice, key, value]` sets, `[slice, key]` deletes; a null key is the whole slice. */
export type Change = [slice: string, key: string | null, value?: unknown];

type Bag = Record<string, unknown>;

function isObject(value: unknown): value is Bag {
  return typeof value === 'object' && value !== null;
}

function held(target: Bag, key: string): Held {
  return Object.hasOwn(target, key) ? target[key] : ABSENT;
}

/** Sets like an assignment on arrays (so that `length` works) and like a definition on objects (so that `__proto__` is a key). */
export function putKey(target: Bag, key: string, value: unknown): void {
  if (Array.isArray(target)) (target as unknown as Bag)[key] = value;
  else Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function restore(target: Bag, key: string, before: Held): void {
  if (before === ABSENT) delete target[key];
  else putKey(target, key, before);
}

/** The changes of one transaction; the Recorder fills it while the route runs. */
export class Journal {
  private readonly top = new Map<string, KeyRecord>();
  private readonly slices = new Map<Bag, SliceRecord>();

  noteTop(state: Bag, key: string, deleting: boolean): void {
    note(this.top, state, key, deleting);
  }

  noteSlice(target: Bag, name: string, key: string, deleting: boolean): void {
    let slice = this.slices.get(target);
    if (!slice) {
      slice = { name, keys: new Map() };
      this.slices.set(target, slice);
    }
    note(slice.keys, target, key, deleting);
    // Writing past the end of an array moves its length without a write to `length`.
    if (Array.isArray(target) && key !== 'length') note(slice.keys, target, 'length', false);
  }

  /** Puts back what every noted key held before, newest object first. */
  rollback(state: Bag): void {
    for (const [target, slice] of [...this.slices].reverse()) {
      const keys = [...slice.keys].reverse();
      // An array's elements first, its length last, so that restoring an element cannot regrow it.
      keys.sort(([a], [b]) => Number(a === 'length') - Number(b === 'length'));
      for (const [key, record] of keys) restore(target, key, record.before);
    }
    for (const [key, record] of [...this.top].reverse()) restore(state, key, record.before);
  }

  /** What the transaction changed, in an order that replays to the same state (key order included). */
  changes(state: Bag): Change[] {
    const changes: Change[] = [];
    for (const [name, record] of this.top) {
      const now = held(state, name);
      if (now === ABSENT) {
        if (record.before !== ABSENT) changes.push([name, null]);
      } else if (now !== record.before) {
        changes.push([name, null, now]);
      }
    }
    for (const [target, slice] of this.slices) {
      // A slice replaced whole is already written whole; one detached from the state does not matter.
      if (this.top.has(slice.name) || state[slice.name] !== target) continue;
      keyChanges(changes, target, slice);
    }
    return changes;
  }
}

function note(keys: Map<string, KeyRecord>, target: Bag, key: string, deleting: boolean): void {
  const present = Object.hasOwn(target, key);
  const record = keys.get(key);
  if (!record) {
    keys.set(key, { before: present ? target[key] : ABSENT, moved: deleting });
  } else if (deleting) {
    record.moved = true;
  } else if (!present) {
    // Back after a delete: it now sits after every key noted so far, as it will in the object.
    keys.delete(key);
    keys.set(key, record);
  }
}

function keyChanges(changes: Change[], target: Bag, slice: SliceRecord): void {
  const array = Array.isArray(target);
  for (const [key, record] of slice.keys) {
    const now = held(target, key);
    if (now === ABSENT) {
      if (record.before !== ABSENT) changes.push([slice.name, key]);
    } else if (!array && record.moved && record.before !== ABSENT) {
      changes.push([slice.name, key], [slice.name, key, now]);
    } else if (now !== record.before) {
      changes.push([slice.name, key, now]);
    }
  }
}

/** Replays logged changes onto a state (loading, or catching up with another process). */
export function applyChanges(state: Bag, changes: Change[]): void {
  for (const change of changes) {
    const [name, key] = change;
    if (key === null) {
      if (change.length < 3) delete state[name];
      else putKey(state, name, change[2]);
      continue;
    }
    let slice = state[name];
    if (!isObject(slice)) {
      slice = {};
      putKey(state, name, slice);
    }
    if (change.length < 3) delete (slice as Bag)[key];
    else putKey(slice as Bag, key, change[2]);
  }
}

/**
 * Hands routes a recording view of the state. Proxies are made once per object and kept, so a
 * slice keeps its identity from one transaction to the next (routes may cache by it).
 */
export class Recorder {
  private journal: Journal | undefined;
  private readonly views = new WeakMap<object, object>();
  private readonly targets = new WeakMap<object, object>();
  private readonly names = new WeakMap<object, string>();

  /** Runs `work` on a view of `state` that notes every change into `journal`. */
  record<T>(state: Bag, journal: Journal, work: (view: Bag) => T): T {
    this.journal = journal;
    try {
      return work(this.view(state, undefined));
    } finally {
      this.journal = undefined;
    }
  }

  private view(target: Bag, sliceName: string | undefined): Bag {
    let proxy = this.views.get(target);
    if (!proxy) {
      proxy = new Proxy(target, sliceName === undefined ? this.topHandler() : this.sliceHandler());
      this.views.set(target, proxy);
      this.targets.set(proxy, target);
    }
    if (sliceName !== undefined) this.names.set(target, sliceName);
    return proxy as Bag;
  }

  /** A view must never end up inside the state: what a route stores is the object behind it. */
  private unwrap(value: unknown): unknown {
    return (isObject(value) && this.targets.get(value)) || value;
  }

  private topHandler(): ProxyHandler<Bag> {
    return {
      get: (target, key) => {
        const value = Reflect.get(target, key);
        return typeof key === 'string' && isObject(value) ? this.view(value, key) : value;
      },
      ...this.writeTraps((target, key, deleting) => this.journal?.noteTop(target, key, deleting)),
    };
  }

  private sliceHandler(): ProxyHandler<Bag> {
    return this.writeTraps((target, key, deleting) =>
      this.journal?.noteSlice(target, this.names.get(target) ?? '', key, deleting),
    );
  }

  private writeTraps(note: (target: Bag, key: string, deleting: boolean) => void): ProxyHandler<Bag> {
    return {
      set: (target, key, value) => {
        if (typeof key === 'string') note(target, key, false);
        // Shortening an array drops its last elements without a write to each: note them first.
        if (key === 'length' && Array.isArray(target)) {
          for (let index = Number(value); index < target.length; index++) note(target, String(index), true);
        }
        return Reflect.set(target, key, this.unwrap(value));
      },
      defineProperty: (target, key, descriptor) => {
        if (typeof key === 'string') note(target, key, false);
        const unwrapped =
          'value' in descriptor ? { ...descriptor, value: this.unwrap(descriptor.value) } : descriptor;
        return Reflect.defineProperty(target, key, unwrapped);
      },
      deleteProperty: (target, key) => {
        if (typeof key === 'string') note(target, key, true);
        return Reflect.deleteProperty(target, key);
      },
    };
  }
}
