// The explorer: a value opened as a tree, level by level (each player's moves, the values
// they lead to, outcome and temperature, boards drawn), and play against cgt, which answers
// perfectly and says when a move was a blunder (as the REPL's :play does).
'use strict';

const panel = () => document.getElementById('explorer');
// The worker the explorer's handles belong to: after Stop they name nothing.
let explorerGeneration = 0;

function staleNote() {
  return element('p', 'note', 'This value is from before the engine restarted: run its cell again to explore it.');
}

// Opens the explorer on a value's handle {id, generation}.
async function openExplorer(handle) {
  const body = document.getElementById('explorer-body');
  panel().hidden = false;
  body.replaceChildren();
  if (handle.generation !== engine.generation) return body.append(staleNote());
  explorerGeneration = handle.generation;
  const root = await node(handle.id, 'root');
  body.append(root);
  const play = element('div', 'play-start');
  for (const [label, left, first] of [['Play Left, first', true, true], ['Play Right, first', false, true],
    ['Play Left, second', true, false], ['Play Right, second', false, false]]) {
    const b = element('button', 'small', label);
    b.addEventListener('click', () => startPlay(handle.id, left, first));
    play.append(b);
  }
  body.prepend(play);
}

async function explore(id) {
  if (explorerGeneration !== engine.generation) {
    return { error: { message: 'the engine restarted since this was opened: run its cell again to explore it' } };
  }
  const reply = await engine.call('explore', id);
  if (!reply.ok) return { error: { message: reply.stopped ? 'stopped' : reply.trap } };
  return reply.value;
}

function summary(e) {
  const line = element('div', 'summary');
  line.dataset.cgtOutput = e.value;
  line.append(element('code', 'position', e.position));
  if (e.position !== e.value) line.append(' = ', element('code', 'value', e.value));
  line.append(element('span', 'facts', `outcome ${e.outcome} · temperature ${e.temperature}`));
  return line;
}

// One node of the tree: its summary, its board, and each player's moves, each expandable.
async function node(id, role) {
  const box = element('div', `node ${role}`);
  const e = await explore(id);
  if (e.error) {
    const err = element('pre', 'error', e.error.report || e.error.message);
    err.dataset.cgtError = e.error.message;
    box.append(err);
    return box;
  }
  box.append(summary(e));
  if (e.svg) box.append(picture(e.svg));
  for (const [side, moves] of [['Left', e.left], ['Right', e.right]]) {
    const list = element('ul', `moves ${side.toLowerCase()}`);
    list.append(element('li', 'side', moves.length ? `${side}'s moves` : `${side} has no move`));
    for (const m of moves) {
      const item = element('li', 'move');
      const toggle = element('button', 'expand', '▸');
      toggle.title = 'expand this option';
      const label = element('span', 'option', `${m.text}`);
      label.dataset.cgtOutput = m.value;
      const worth = element('span', m.wins ? 'wins' : 'loses', ` = ${m.value}${m.wins ? '  ✓ wins' : ''}`);
      item.append(toggle, label, worth);
      if (m.svg) item.append(thumbnail(m.svg));
      let child = null;
      toggle.addEventListener('click', async () => {
        if (child) {
          child.hidden = !child.hidden;
        } else {
          child = await node(m.id, 'child');
          item.append(child);
        }
        toggle.textContent = child.hidden ? '▸' : '▾';
      });
      list.append(item);
    }
    box.append(list);
  }
  return box;
}

// ---- play ----

async function startPlay(id, humanLeft, humanFirst) {
  const body = document.getElementById('explorer-body');
  body.replaceChildren();
  const log = element('div', 'play-log');
  body.append(log);
  const say = (text, className = 'said') => log.append(element('p', className, text));
  say(`You play ${side(humanLeft)} and move ${humanFirst ? 'first' : 'second'}; cgt plays ${side(!humanLeft)}.`);
  const game = { id, humanLeft, leftToMove: humanLeft === humanFirst };
  await playOn(game, log, say);
}

function side(left) {
  return left ? 'Left' : 'Right';
}

// cgt's move if it is cgt's turn, then the person's choices; ends when someone cannot move.
async function playOn(game, log, say) {
  let e = await explore(game.id);
  if (e.error) return say(e.error.message, 'error');
  if (game.leftToMove !== game.humanLeft) {
    const moves = game.leftToMove ? e.left : e.right;
    if (!moves.length) return say('cgt has no move: you win!', 'end');
    const chosen = moves.find((m) => m.wins) || moves[0];
    say(`cgt: ${chosen.text}${chosen.wins ? '' : ' (cgt has no winning move here)'}`);
    game.id = chosen.id;
    game.leftToMove = !game.leftToMove;
    e = await explore(game.id);
    if (e.error) return say(e.error.message, 'error');
  }
  const board = describe(e, game, log);
  const moves = game.leftToMove ? e.left : e.right;
  if (!moves.length) return say('You have no move: cgt wins.', 'end');
  const choices = element('div', 'choices');
  choices.append(element('p', 'said', board ? 'Your moves (or click the board):' : 'Your moves:'));
  let done = false;
  const play = async (m) => {
    if (done) return;
    done = true;
    choices.remove();
    board?.classList.remove('clickable');
    say(`You: ${m.text}`);
    const winning = moves.filter((w) => w.wins);
    if (winning.length && !m.wins) {
      say(`That was a blunder: you could have won with ${winning[0].text}. Now cgt wins with perfect play.`, 'blunder');
    }
    game.id = m.id;
    game.leftToMove = !game.leftToMove;
    await playOn(game, log, say);
  };
  const buttons = moves.map((m) => {
    // A move that leads to a board shows that board: click the one you want to reach.
    const b = element('button', 'choice', m.text);
    if (m.svg) b.prepend(thumbnail(m.svg));
    b.addEventListener('click', () => play(m));
    choices.append(b);
    return b;
  });
  // Several moves change the square clicked: only they stay offered.
  const ambiguous = (some) => buttons.forEach((b, k) => { b.hidden = !some.includes(moves[k]); });
  if (board) clickableBoard(board, moves, play, ambiguous);
  log.append(choices);
}

function thumbnail(svg) {
  const p = picture(svg);
  p.classList.add('thumb');
  return p;
}

function describe(e, game, log) {
  const mover = game.leftToMove ? e.left : e.right;
  const moverWins = mover.some((m) => m.wins);
  const winner = moverWins === game.leftToMove ? 'Left' : 'Right';
  const who = (winner === 'Left') === game.humanLeft ? 'you' : 'cgt';
  const p = element('p', 'position-line',
    `Position: ${e.position} = ${e.value}; ${side(game.leftToMove)} to move; with perfect play ${winner} (${who}) wins.`);
  log.append(p);
  if (!e.svg) return null;
  const board = picture(e.svg);
  log.append(board);
  return board;
}

document.getElementById('explorer-close').addEventListener('click', () => { panel().hidden = true; });
