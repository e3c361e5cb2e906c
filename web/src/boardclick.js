// Moves chosen on the board itself: the squares (or edges, counters…) of the drawn position
// that a move changes are found by comparing its picture with the picture after each move,
// so any ruleset whose board is drawn can be played by clicking, with no rules in the page.
'use strict';

const GEOMETRY = ['x', 'y', 'width', 'height', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'd', 'points'];

// Where a drawn element is (its tag and geometry), and how it looks (colours, text).
function shapeKey(e) {
  return [e.tagName, ...GEOMETRY.map((a) => e.getAttribute(a) ?? '')].join('|');
}

function shapeLook(e) {
  return [e.getAttribute('fill'), e.getAttribute('stroke'), e.getAttribute('class'), e.textContent].join('|');
}

function shapes(svg) {
  const root = svg instanceof Element ? svg : new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement;
  const out = new Map();
  for (const e of root.querySelectorAll('*')) out.set(shapeKey(e), shapeLook(e));
  return out;
}

// The keys of the shapes of `before` that look different (or are gone) in `after`.
function changed(before, after) {
  const out = new Set();
  for (const [key, look] of before) if (after.get(key) !== look) out.add(key);
  return out;
}

// Makes the drawn board `board` (a .picture element) clickable: a click on a shape that
// exactly one move changes (the fewest shapes first: cutting a Hackenbush edge, not the
// edge below it) makes that move; several such moves are passed to `ambiguous`.
function clickableBoard(board, moves, play, ambiguous) {
  const svg = board.querySelector('svg');
  if (!svg) return;
  const now = shapes(svg);
  const effects = moves.map((m) => (m.svg ? changed(now, shapes(m.svg)) : null));
  if (effects.every((e) => e === null)) return;
  board.classList.add('clickable');
  svg.addEventListener('click', (event) => {
    const key = shapeKey(event.target);
    const hits = moves.map((m, k) => ({ m, k })).filter(({ k }) => effects[k]?.has(key));
    if (!hits.length) return;
    const fewest = Math.min(...hits.map(({ k }) => effects[k].size));
    const best = hits.filter(({ k }) => effects[k].size === fewest);
    if (best.length === 1) play(best[0].m);
    else ambiguous(best.map(({ m }) => m));
  });
}
