// The engine's thread: the WebAssembly module of web/engine, called through its plain
// exports. Messages in: {id, op, arg}; messages out: {id, ok, value} with the engine's JSON
// parsed, or {id, ok: false, trap} when the instance trapped (a panic aborts on this target;
// the browser's stack ran out): the page then starts a fresh worker.
'use strict';

let wasm = null;
let panicMessage = null;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

function readString(ptr, len) {
  return decoder.decode(new Uint8Array(wasm.memory.buffer, ptr, len));
}

function passString(text) {
  const bytes = encoder.encode(text);
  const ptr = wasm.cgt_alloc(bytes.length);
  new Uint8Array(wasm.memory.buffer, ptr, bytes.length).set(bytes);
  return [ptr, bytes.length];
}

function answer(ptr) {
  return JSON.parse(readString(ptr, wasm.cgt_result_len()));
}

const ops = {
  eval: (source) => answer(wasm.cgt_eval(...passString(source))),
  completions: (prefix) => answer(wasm.cgt_completions(...passString(prefix))),
  notation: (name) => { wasm.cgt_set_notation(...passString(name)); return null; },
  picture: (id) => answer(wasm.cgt_picture(id)),
  explore: (id) => answer(wasm.cgt_explore(id)),
  docs: () => answer(wasm.cgt_docs()),
  stack: () => wasm.cgt_stack_address(),
};

async function start() {
  const imports = {
    env: {
      cgt_panic: (ptr, len) => { panicMessage = readString(ptr, len); },
    },
  };
  const bytes = await (await fetch('cgt.wasm')).arrayBuffer();
  // Compiled at once (a worker may): nothing is left waiting off the page's clock, so a
  // headless `--dump-dom` with a virtual time budget sees the answers too.
  const instance = new WebAssembly.Instance(new WebAssembly.Module(bytes), imports);
  wasm = instance.exports;
  wasm.cgt_init();
}

const ready = start();

self.onmessage = async (event) => {
  const { id, op, arg } = event.data;
  try {
    await ready;
    panicMessage = null;
    const value = ops[op](arg);
    self.postMessage({ id, ok: true, value });
  } catch (e) {
    const stack = e instanceof RangeError || /stack/i.test(String(e && e.message));
    const trap = panicMessage
      || (stack ? 'the computation ran out of the browser\'s stack (recursion too deep); the engine restarted with your bindings' : `the engine stopped: ${e}`);
    self.postMessage({ id, ok: false, trap });
  }
};
