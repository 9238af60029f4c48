// The state a route sees: a view over the database that reads what the route asks for and writes
// what it changed. A record slice (`state.vouchers`) reads an entry by its key when asked (one
// indexed SELECT), notes every set and delete, and writes them at the end of the transaction; only
// a walk over the whole slice (`Object.values`) reads it all. Array and document slices (campaigns,
// the project's settings: small) are read whole when first touched and written back entry by entry
// where they differ. Nothing is written before `flush`, so a route that throws leaves nothing.
// Verify mode (PROMO_SANDBOX_VERIFY=1) freezes every entry handed out: a route must replace an entry
// (`state.vouchers[code] = next`), and an edit in place throws where it is made.
import { SLICE_KINDS, sliceKind, type Tables } from './state-db.js';
import { freezeDeep } from './state-verify.js';
import type { SandboxState } from './types.js';

const ABSENT: unique symbol = Symbol('absent');
/** Entries a walk by creation date reads at a time: a few dozen kilobytes of documents. */
const RUN = 32;
type Held = unknown;
type Bag = Record<string, unknown>;

export interface ViewOptions {
  /** Freeze what is handed out (PROMO_SANDBOX_VERIFY=1). */
  freeze: boolean;
  /**
   * Outside a transaction (the `state` a test reads from a running sandbox): nothing is cached, and a
   * write is its own transaction at once.
   */
  live?: (write: () => void) => void;
}

/** A record slice: entries read on demand, changes noted in order. */
export class RecordSlice {
  private readonly cache = new Map<string, Held>();
  /** Texts read by a walk over the slice, parsed when an entry is asked for. */
  private texts: Map<string, string> | undefined;
  private readonly writes = new Map<string, Held>();
  /** Keys deleted at some point of the transaction: written back, they go last, as in an object. */
  private readonly moved = new Set<string>();
  /** Replaced whole: what the table holds no longer counts. */
  private cleared = false;
  readonly proxy: Bag;

  constructor(
    readonly name: string,
    private readonly tables: Tables,
    private readonly options: ViewOptions,
  ) {
    this.proxy = new Proxy({}, this.handler());
    slices.set(this.proxy, this);
  }

  get(key: string): Held {
    if (this.writes.has(key)) return this.writes.get(key);
    if (this.cleared) return ABSENT;
    if (this.cache.has(key)) return this.cache.get(key);
    const text = this.texts?.get(key) ?? this.tables.doc(this.name, key);
    const value = text === undefined ? ABSENT : this.handOut(JSON.parse(text));
    if (!this.options.live) this.cache.set(key, value);
    return value;
  }

  /** Whether the entry is there as far as this transaction already knows; undefined: ask the table. */
  known(key: string): boolean | undefined {
    if (this.writes.has(key)) return this.writes.get(key) !== ABSENT;
    if (this.cleared) return false;
    if (this.cache.has(key)) return this.cache.get(key) !== ABSENT;
    return this.texts?.has(key) || undefined;
  }

  /** An entry read from the table without keeping it (an export's lines, written after the transaction). */
  peek(key: string): unknown {
    const text = this.tables.doc(this.name, key);
    return text === undefined ? undefined : this.handOut(JSON.parse(text));
  }

  private handOut(value: unknown): unknown {
    if (this.options.freeze) freezeDeep(value);
    return value;
  }

  set(key: string, value: unknown): void {
    if (this.options.live) {
      this.texts = undefined;
      this.options.live(() => this.tables.put(this.name, key, JSON.stringify(value), value));
      return;
    }
    if (this.writes.get(key) === ABSENT) this.writes.delete(key);
    this.writes.set(key, value);
  }

  delete(key: string): void {
    if (this.options.live) {
      this.texts = undefined;
      this.options.live(() => this.tables.remove(this.name, key));
      return;
    }
    this.writes.set(key, ABSENT);
    this.moved.add(key);
  }

  /** The keys in order: the table's, then those this transaction added. */
  keys(): string[] {
    let keys: string[];
    if (this.cleared) keys = [];
    else {
      // A walk reads every entry next: fetch their texts in the same pass.
      this.texts = new Map(this.tables.rows(this.name));
      keys = [...this.texts.keys()];
      // Live, they serve this walk alone (it is synchronous): the next look asks the table again.
      if (this.options.live) queueMicrotask(() => (this.texts = undefined));
    }
    if (this.writes.size === 0) return keys;
    const present = new Set(keys);
    for (const [key, value] of this.writes) {
      if (this.moved.has(key) || value === ABSENT) present.delete(key);
      if (value !== ABSENT) present.add(key);
    }
    return [...present];
  }

  /** Every entry, read as it is walked and kept by no one (an export of 100,000 vouchers). */
  *stream(): Generator<[string, unknown]> {
    if (this.writes.size > 0 || this.cleared) {
      for (const key of this.keys()) yield [key, this.get(key)];
      return;
    }
    for (const [key, text] of this.tables.rows(this.name)) yield [key, this.handOut(JSON.parse(text))];
  }

  /**
   * The entries created no later than `createdBy`, by creation date (ties by key; those without a
   * date last, first when descending) or by key (those without a date included): read RUN at a
   * time as the walk goes on, after the transaction too, and kept by no one (an export of 100,000
   * vouchers). Undefined when this transaction changed the slice: the table does not hold those
   * changes.
   */
  inOrder(
    by: 'created' | 'key',
    descending: boolean,
    createdBy: string,
  ): Iterable<[string, unknown]> | undefined {
    if (this.dirty) return undefined;
    return by === 'created'
      ? this.walkByCreated(descending, createdBy)
      : this.walkByKey(descending, createdBy);
  }

  /**
   * The keys of the entries in the order of a field of their documents (see Tables.keysByField),
   * for a walk that reads each entry again as it goes; undefined when this transaction changed the
   * slice.
   */
  keysByField(field: string, descending: boolean, createdBy: string | null): string[] | undefined {
    if (this.dirty) return undefined;
    return this.tables.keysByField(this.name, field, descending, createdBy);
  }

  private *walkByCreated(descending: boolean, createdBy: string): Generator<[string, unknown]> {
    const undated = () =>
      this.walk((last) =>
        this.tables.keyRun(this.name, { descending, createdBy: null, fromKey: last?.key, limit: RUN }),
      );
    if (descending) yield* undated();
    yield* this.walk<{ key: string; created: string; doc: string }>((last) =>
      this.tables.createdRun(this.name, {
        descending,
        createdBy,
        from: last && [last.created, last.key],
        limit: RUN,
      }),
    );
    if (!descending) yield* undated();
  }

  private walkByKey(descending: boolean, createdBy: string): Generator<[string, unknown]> {
    return this.walk((last) =>
      this.tables.keyRun(this.name, { descending, createdBy, fromKey: last?.key, limit: RUN }),
    );
  }

  /** Runs of RUN entries, each asked for after the last entry of the one before, until one falls short. */
  private *walk<Row extends { key: string; doc: string }>(
    next: (last: Row | undefined) => Row[],
  ): Generator<[string, unknown]> {
    let last: Row | undefined;
    for (;;) {
      const rows = next(last);
      for (const [index, row] of rows.entries()) {
        last = row;
        // Let each document go once read: a run held whole is alive at every scavenge.
        delete rows[index];
        yield [row.key, this.handOut(JSON.parse(row.doc))];
      }
      if (rows.length < RUN) return;
    }
  }

  /** The slice replaced whole (`state.tokens = {}`). */
  replace(value: unknown): void {
    if (this.options.live) {
      const entries = typeof value === 'object' && value !== null ? Object.entries(value) : [];
      this.options.live(() => {
        this.tables.clear(this.name);
        for (const [key, entry] of entries) this.tables.put(this.name, key, JSON.stringify(entry), entry);
      });
      return;
    }
    this.cleared = true;
    this.writes.clear();
    this.cache.clear();
    this.texts = undefined;
    if (typeof value === 'object' && value !== null) {
      for (const [key, entry] of Object.entries(value)) this.writes.set(key, entry);
    }
  }

  /** Writes what the transaction changed; whether anything was. */
  flush(): boolean {
    if (this.cleared) this.tables.clear(this.name);
    for (const [key, value] of this.writes) {
      if (value === ABSENT) this.tables.remove(this.name, key);
      else this.tables.put(this.name, key, JSON.stringify(value), value, this.moved.has(key));
    }
    return this.cleared || this.writes.size > 0;
  }

  /** Whether this transaction changed the slice (queries of the table then miss it). */
  get dirty(): boolean {
    return this.cleared || this.writes.size > 0;
  }

  /** Keys this transaction set or deleted. */
  written(): string[] {
    return [...this.writes.keys()];
  }

  queries(): Tables {
    return this.tables;
  }

  private handler(): ProxyHandler<Bag> {
    const entry = (key: string | symbol) => (typeof key === 'string' ? this.get(key) : ABSENT);
    return {
      get: (_target, key) => {
        const value = entry(key);
        return value === ABSENT ? undefined : value;
      },
      has: (_target, key) => entry(key) !== ABSENT,
      set: (_target, key, value) => {
        if (typeof key === 'string') this.set(key, value);
        return true;
      },
      defineProperty: (_target, key, descriptor) => {
        if (typeof key === 'string') this.set(key, descriptor.value);
        return true;
      },
      deleteProperty: (_target, key) => {
        if (typeof key === 'string') this.delete(key);
        return true;
      },
      ownKeys: () => this.keys(),
      getOwnPropertyDescriptor: (_target, key) => {
        const value = entry(key);
        if (value === ABSENT) return undefined;
        return { value, writable: true, enumerable: true, configurable: true };
      },
    };
  }
}

/** The record slice behind a view's slice, for the queries hot routes run (state-query.ts). */
const slices = new WeakMap<object, RecordSlice>();

export function recordSliceOf(value: unknown): RecordSlice | undefined {
  return typeof value === 'object' && value !== null ? slices.get(value) : undefined;
}

/** An array or document slice: read whole when first touched, written back where it differs. */
class WholeSlice {
  private texts: string[] = [];
  value: unknown;

  constructor(
    readonly name: string,
    private readonly tables: Tables,
    options: ViewOptions,
  ) {
    if (sliceKind(name) === 'array') {
      this.texts = tables.arrayDocs(name);
      this.value = this.texts.map((text) => JSON.parse(text));
      if (options.freeze) for (const item of this.value as unknown[]) freezeDeep(item);
    } else {
      const text = tables.doc(name, '');
      if (text !== undefined) this.texts = [text];
      this.value = text === undefined ? undefined : JSON.parse(text);
      // Its fields are its entries: set in place (they are compared at the end), never edited within.
      if (options.freeze && typeof this.value === 'object' && this.value !== null)
        for (const field of Object.values(this.value)) freezeDeep(field);
    }
  }

  flush(): boolean {
    const items = sliceKind(this.name) === 'array' && Array.isArray(this.value) ? this.value : [this.value];
    const key = (index: number) => (sliceKind(this.name) === 'array' ? String(index) : '');
    let changed = false;
    items.forEach((item, index) => {
      const text = JSON.stringify(item) ?? 'null';
      if (text === this.texts[index]) return;
      this.tables.put(this.name, key(index), text, item);
      changed = true;
    });
    if (this.value === undefined) {
      if (this.texts.length > 0) {
        this.tables.clear(this.name);
        changed = true;
      }
    } else if (items.length < this.texts.length) {
      this.tables.truncate(this.name, items.length);
      changed = true;
    }
    return changed;
  }
}

/** One transaction's view of the whole state. */
export class StateView {
  private readonly records = new Map<string, RecordSlice>();
  private readonly wholes = new Map<string, WholeSlice>();
  readonly state: SandboxState;

  constructor(
    private readonly tables: Tables,
    private readonly options: ViewOptions,
  ) {
    this.state = new Proxy({} as Bag, {
      get: (_target, name) => (typeof name === 'string' ? this.slice(name) : undefined),
      has: (_target, name) => typeof name === 'string' && this.slice(name) !== undefined,
      set: (_target, name, value) => this.replace(name, value),
      defineProperty: (_target, name, descriptor) => this.replace(name, descriptor.value),
      deleteProperty: (_target, name) => this.replace(name, undefined),
      ownKeys: () => [...new Set([...Object.keys(SLICE_KINDS), ...this.tables.sliceNames()])],
      getOwnPropertyDescriptor: (_target, name) => {
        const value = typeof name === 'string' ? this.slice(name) : undefined;
        return value === undefined
          ? undefined
          : { value, writable: true, enumerable: true, configurable: true };
      },
    }) as unknown as SandboxState;
  }

  private slice(name: string): unknown {
    if (sliceKind(name) === 'record') return this.record(name).proxy;
    return this.whole(name).value;
  }

  private record(name: string): RecordSlice {
    let slice = this.records.get(name);
    if (!slice) {
      slice = new RecordSlice(name, this.tables, this.options);
      this.records.set(name, slice);
    }
    return slice;
  }

  private whole(name: string): WholeSlice {
    let slice = this.wholes.get(name);
    // Live, each look reads the table again.
    if (!slice || this.options.live) {
      slice = new WholeSlice(name, this.tables, this.options);
      this.wholes.set(name, slice);
    }
    return slice;
  }

  private replace(name: string | symbol, value: unknown): boolean {
    if (typeof name !== 'string') return true;
    if (sliceKind(name) === 'record') {
      this.record(name).replace(
        recordSliceOf(value) ? Object.fromEntries(Object.entries(value as Bag)) : value,
      );
    } else {
      const slice = this.whole(name);
      slice.value = value;
      if (this.options.live) this.options.live(() => slice.flush());
    }
    return true;
  }

  /** Writes every change; whether there was any. */
  flush(): boolean {
    let changed = false;
    for (const slice of this.records.values()) changed = slice.flush() || changed;
    for (const slice of this.wholes.values()) changed = slice.flush() || changed;
    return changed;
  }
}
