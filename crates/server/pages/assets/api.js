// The API as the pages use it: JSON in and out; a failed request throws an Error whose
// message is the server's explanation.

export async function request(method, path, body) {
  const init = { method, headers: {} };
  if (body !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = text; }
  if (!response.ok) {
    const error = new Error((data && data.error) || `${response.status} ${response.statusText}`);
    error.status = response.status;
    throw error;
  }
  return data;
}

export const getJson = (path) => request('GET', path);
export const postJson = (path, body) => request('POST', path, body ?? {});

// The catalog, fetched once per page.
let catalog = null;
export function getCatalog() {
  catalog ??= getJson('/api/catalog');
  return catalog;
}

export const sideName = (side) => (side === 'white' ? 'White' : side === 'black' ? 'Black' : 'Neutral');

export const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

// Where the invitation link of a game created in this browser is kept.
export const inviteKey = (id) => `arbiter:invite:${id}`;

// Appends to `body` a table row of `cells` (text or nodes); the row.
export function appendRow(body, cells) {
  const row = document.createElement('tr');
  for (const content of cells) {
    const cell = document.createElement('td');
    cell.append(content);
    row.append(cell);
  }
  body.append(row);
  return row;
}

// The side that made move `ply` (counted from 0) of `state`, which is the side to move after
// `ply` moves: players take turns (docs/rules.md, common terms).
export const moverOf = (state, ply) => {
  const other = state.to_move === 'white' ? 'black' : 'white';
  return (state.ply - ply) % 2 === 1 ? other : state.to_move;
};

// A WebSocket to `path()` kept open: a lost connection is made again after a delay that
// doubles each time (at most 8 s), so that a server that is down is not hammered. `message`
// hears each message's text, `open` each connection, `lost(delay)` each loss. Returns a
// function that closes the current socket (to open it again at once, with new cookies).
export function keepSocket(path, { message, open = () => {}, lost = () => {} }) {
  let attempts = 0;
  let current = null;
  const connect = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}${path()}`);
    current = socket;
    socket.addEventListener('open', () => { attempts = 0; open(); });
    socket.addEventListener('message', (event) => message(event.data));
    socket.addEventListener('close', () => {
      if (current !== socket) return;
      const delay = Math.min(8000, 250 * 2 ** attempts);
      attempts += 1;
      lost(delay);
      setTimeout(connect, delay);
    });
  };
  connect();
  return () => { attempts = 0; current?.close(); };
}
