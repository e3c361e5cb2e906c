// The module's size budget: web/build.sh builds it for size (opt-level z, LTO, names
// stripped, Binaryen's wasm-opt -Oz where installed); it must stay under 4 MB raw, so that
// the page's first load stays short on a phone. (With wasm-opt it is 3.2 MB, 1.05 MB
// gzipped; the aim is 3 MB.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { dist } from './site.mjs';

const BUDGET = 4_000_000;

test('the WebAssembly module stays within its size budget', () => {
  const size = statSync(join(dist, 'cgt.wasm')).size;
  assert.ok(size <= BUDGET, `cgt.wasm is ${size} bytes, over the budget of ${BUDGET}`);
});
