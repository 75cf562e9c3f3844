// What the page keeps in the browser between visits (localStorage): the
// settings, the game in progress, MENACE's matchboxes. Each part has its own
// key and is stored as {"version": N, "data": ...}. Reading never throws: a
// part that is missing comes back empty; one that is not JSON, has another
// version or fails the part's own check comes back empty with a `problem`
// in words, and is removed so the next visit starts clean. Storage that the
// browser refuses (private mode, a full quota, a sandboxed frame) is reported
// the same way and the page goes on without it.

const PREFIX = 'fourinarow.';

// The browser's localStorage, or null where using it throws.
function backend() {
  try {
    const s = globalThis.localStorage;
    if (!s) return null;
    // Some browsers expose the object but throw on use (Safari's private mode, quotas).
    s.getItem(`${PREFIX}probe`);
    return s;
  } catch {
    return null;
  }
}

export class SavedPart {
  // name: the part's key (without the prefix); version: bumped whenever the
  // shape of `data` changes; check(data): the cleaned data, or null when it
  // is not acceptable (an older or damaged state).
  constructor(name, version, check) {
    this.key = PREFIX + name;
    this.version = version;
    this.check = check;
  }

  // {data, problem}: data is the saved value or null; problem is null or a
  // sentence saying why a saved value was dropped.
  load() {
    const s = backend();
    if (!s) return { data: null, problem: null };
    let text;
    try {
      text = s.getItem(this.key);
    } catch {
      return { data: null, problem: null };
    }
    if (text === null) return { data: null, problem: null };
    let parsed;
    try {
      parsed = JSON.parse(text);
    } catch {
      this.clear();
      return { data: null, problem: 'it was damaged: not readable' };
    }
    if (!parsed || typeof parsed !== 'object' || !('data' in parsed)) {
      this.clear();
      return { data: null, problem: 'it was damaged: not in the expected form' };
    }
    if (parsed.version !== this.version) {
      this.clear();
      const older = Number.isInteger(parsed.version) && parsed.version < this.version;
      return { data: null, problem: older ? 'it came from an older version of the page'
        : 'it came from another version of the page' };
    }
    let data;
    try {
      data = this.check(parsed.data);
    } catch {
      data = null;
    }
    if (data === null || data === undefined) {
      this.clear();
      return { data: null, problem: 'it was damaged: its contents did not make sense' };
    }
    return { data, problem: null };
  }

  // Saves data; false when the browser refused (the page goes on unsaved).
  save(data) {
    const s = backend();
    if (!s) return false;
    try {
      s.setItem(this.key, JSON.stringify({ version: this.version, data }));
      return true;
    } catch {
      return false;
    }
  }

  clear() {
    const s = backend();
    if (!s) return;
    try {
      s.removeItem(this.key);
    } catch {
      // Nothing to do: storage that cannot be changed holds nothing of ours.
    }
  }
}

// Whether this browser lets the page keep anything.
export const storageAvailable = () => backend() !== null;
