// The page's side of the engine: one Web Worker at a time running the WebAssembly module.
// Calls are queued in the worker; Stop (or a trapped instance) ends the worker, starts a
// fresh one and replays the cells that defined bindings, so the worksheet goes on.
'use strict';

class Engine {
  constructor() {
    this.generation = 0;   // which worker the values' handles belong to
    this.definitions = []; // sources of the cells that defined bindings, in the order run
    this.notation = 'unicode';
    this.pending = new Map();
    this.nextId = 0;
    this.onRestart = () => {};
    this.start();
  }

  start() {
    this.generation += 1;
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
    if (this.notation !== 'unicode') this.send('notation', this.notation);
    for (const source of this.definitions) this.send('eval', source);
  }

  // Ends the worker (whatever it is computing) and starts a fresh one with the same
  // bindings; calls still waiting answer {ok: false, stopped: true}.
  restart() {
    this.worker.terminate();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.start();
    for (const done of waiting) done({ ok: false, stopped: true });
    this.onRestart();
  }

  busy() {
    return this.pending.size > 0;
  }

  send(op, arg) {
    const id = this.nextId++;
    this.worker.postMessage({ id, op, arg });
    return id;
  }

  // Resolves with {ok: true, value} or {ok: false, trap | stopped}.
  call(op, arg) {
    return new Promise((resolve) => {
      const id = this.send(op, arg);
      this.pending.set(id, resolve);
    });
  }

  // Runs a cell; a cell that defines bindings and ran to its end (an error included: what
  // it bound before the error stays bound) is remembered for replay.
  async run(source) {
    const reply = await this.call('eval', source);
    if (reply.ok && /^\s*(let|def)\b/m.test(source)) {
      this.definitions.push(source);
    }
    return reply;
  }

  setNotation(name) {
    this.notation = name;
    return this.call('notation', name);
  }
}
