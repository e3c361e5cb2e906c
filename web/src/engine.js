// The page's side of the engine: one Web Worker at a time running the WebAssembly module.
// Calls are queued in the worker. A computation can only be stopped by ending its worker,
// so after each cell the page takes an image of the module's memory (everything the
// session holds: bindings, functions, caches, the values the page shows), and Stop (or a
// trapped instance) starts a fresh worker from that image: the worksheet goes on with every
// binding, nothing run again. A module whose memory has grown past IMAGE_LIMIT is not
// copied; the cells that defined bindings since the last image are replayed instead.
'use strict';

// The largest memory copied after a cell (and kept by the page).
const IMAGE_LIMIT = 256 * 1024 * 1024;

class Engine {
  constructor() {
    this.generation = 0;   // which session the values' handles belong to
    this.image = null;     // the module's memory after the last cell, or null
    this.definitions = []; // sources of the cells that defined bindings since the image
    this.replays = 0;      // definitions replayed into fresh workers (the tests read it)
    this.notation = 'unicode';
    this.pending = new Map();
    this.nextId = 0;
    this.onRestart = () => {};
    this.start();
    // The module's identity: an image is restored only into the module it was taken of.
    this.build = this.call('build').then((r) => (r.ok ? r.value : null));
  }

  start() {
    this.worker = new Worker('worker.js');
    this.worker.onmessage = (event) => {
      const reply = event.data;
      const done = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      // A trapped instance is started afresh when someone waits on the call; a replayed
      // definition that fails is let go (restarting on it could go round for ever).
      if (!reply.ok && done) this.restart();
      if (done) done(reply);
    };
    if (this.image) {
      const copy = this.image.slice(0);
      this.send('restore', copy, [copy]);
    }
    if (this.notation !== 'unicode') this.send('notation', this.notation);
    for (const source of this.definitions) {
      this.replays += 1;
      this.send('eval', source);
    }
  }

  // Ends the worker (whatever it is computing) and starts a fresh one with the same
  // bindings; calls still waiting answer {ok: false, stopped: true}.
  restart() {
    this.worker.terminate();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    // Restored from an image alone, the session keeps its handles; replayed, it has new ones.
    if (!this.image || this.definitions.length) this.generation += 1;
    this.start();
    for (const done of waiting) done({ ok: false, stopped: true });
    this.onRestart();
  }

  // A new session: no image, no bindings.
  reset() {
    this.image = null;
    this.definitions = [];
    this.generation += 1;
    this.worker.terminate();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.start();
    for (const done of waiting) done({ ok: false, stopped: true });
  }

  // Starts afresh from a kept image (a reloaded worksheet); false when it is not of this
  // module.
  async adopt(image, build) {
    if (!image || build !== await this.build) return false;
    this.image = image;
    this.definitions = [];
    this.restart();
    return true;
  }

  busy() {
    return this.pending.size > 0;
  }

  send(op, arg, transfer = []) {
    const id = this.nextId++;
    this.worker.postMessage({ id, op, arg }, transfer);
    return id;
  }

  // Resolves with {ok: true, value} or {ok: false, trap | stopped}.
  call(op, arg) {
    return new Promise((resolve) => {
      const id = this.send(op, arg);
      this.pending.set(id, resolve);
    });
  }

  // Runs a cell, then takes the image of the session it left (an error included: what it
  // bound before the error stays bound).
  async run(source) {
    const reply = await this.call('eval', source);
    if (reply.ok) {
      const image = await this.call('image', IMAGE_LIMIT);
      if (image.ok && image.value) {
        this.image = image.value;
        this.definitions = [];
      } else if (/^\s*(let|def)\b/m.test(source)) {
        this.definitions.push(source);
      }
    }
    return reply;
  }

  setNotation(name) {
    this.notation = name;
    return this.call('notation', name);
  }
}
