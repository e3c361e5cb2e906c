// The :help side panel: every built-in's signature, summary and example, searchable.
'use strict';

let docs = [];

async function loadHelp() {
  const reply = await engine.call('docs');
  if (reply.ok) docs = reply.value;
  document.getElementById('help-search').addEventListener('input', showHelp);
  document.getElementById('help-close').addEventListener('click', () => {
    document.getElementById('help').hidden = true;
  });
  document.getElementById('help-open').addEventListener('click', () => openHelp(''));
  showHelp();
}

function openHelp(query) {
  const panel = document.getElementById('help');
  panel.hidden = false;
  const search = document.getElementById('help-search');
  search.value = query;
  showHelp();
  search.focus();
}

function showHelp() {
  const words = document.getElementById('help-search').value.toLowerCase().split(/\s+/).filter(Boolean);
  const list = document.getElementById('help-list');
  list.replaceChildren();
  const hits = docs.filter((d) => {
    const text = `${d.name} ${d.signature} ${d.summary} ${d.topic}`.toLowerCase();
    return words.every((w) => text.includes(w));
  });
  for (const d of hits.slice(0, 200)) {
    const item = element('div', 'doc');
    item.dataset.name = d.name;
    item.append(element('code', 'signature', d.signature), element('span', 'topic', d.topic));
    item.append(element('div', 'summary', d.summary));
    const example = element('button', 'example', `${d.example[0]}  ⇒  ${d.example[1].split('\n')[0]}`);
    example.title = 'put this example in the worksheet';
    example.addEventListener('click', () => {
      const last = cells().at(-1);
      last.querySelector('textarea').value = d.example[0];
      fit(last.querySelector('textarea'));
      last.querySelector('textarea').focus();
    });
    item.append(example);
    list.append(item);
  }
  document.getElementById('help-count').textContent = `${hits.length} of ${docs.length}`;
}
