// The engine's thread: the WebAssembly module of web/engine, called through its plain
// exports. Messages in: {id, op, arg}; messages out: {id, ok, value} with the engine's JSON
// parsed, or {id, ok: false, trap} when the instance trapped (a panic aborts on this target;
// the browser's stack ran out): the page then starts a fresh worker from the last image.
//
// An image is a copy of the module's whole memory between two calls. Nothing else of the
// instance changes from call to call (its one mutable global, the stack pointer, is back
// where it started when a call returns), so a fresh instance of the same module whose
// memory is overwritten by an image is the session the image was taken of.
'use strict';

let wasm = null;
let build = null;
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
  build: () => build,
  // A copy of the memory (null when it is larger than `limit` bytes).
  image: (limit) => (wasm.memory.buffer.byteLength > limit ? null : wasm.memory.buffer.slice(0)),
  restore: (image) => {
    const pages = (image.byteLength - wasm.memory.buffer.byteLength) / 65536;
    if (pages > 0) wasm.memory.grow(pages);
    new Uint8Array(wasm.memory.buffer).set(new Uint8Array(image));
    return null;
  },
};

// The module's fingerprint: its length and FNV-1a hash (an image fits only its own module).
function fingerprint(bytes) {
  let h = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i += 1) h = Math.imul(h ^ bytes[i], 0x01000193);
  return `${bytes.length}-${(h >>> 0).toString(16)}`;
}

async function start() {
  const imports = {
    env: {
      cgt_panic: (ptr, len) => { panicMessage = readString(ptr, len); },
    },
  };
  const bytes = await (await fetch('cgt.wasm')).arrayBuffer();
  build = fingerprint(new Uint8Array(bytes));
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
    self.postMessage({ id, ok: true, value }, value instanceof ArrayBuffer ? [value] : []);
  } catch (e) {
    const stack = e instanceof RangeError || /stack/i.test(String(e && e.message));
    const trap = panicMessage
      || (stack ? 'the computation ran out of the browser\'s stack (recursion too deep); the engine restarted with your bindings' : `the engine stopped: ${e}`);
    self.postMessage({ id, ok: false, trap });
  }
};
