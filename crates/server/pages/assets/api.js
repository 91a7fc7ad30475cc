// @ts-check
// The API as the pages use it: JSON in and out; a failed request throws an Error whose
// message is the server's explanation. The types of what it sends (`GameState`, `View`, …) are
// generated from the server's OpenAPI document, under the names `../types.d.ts` gives them.

/** An error the API answered: its message is the server's, `status` the HTTP status. */
export class ApiError extends Error {
  /**
   * @param {string} message
   * @param {number} status
   */
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/**
 * The answer to `method path` with `body` as JSON, read as JSON (or as text when it is not).
 * @param {string} method
 * @param {string} path
 * @param {unknown} [body]
 * @returns {Promise<any>}
 */
export async function request(method, path, body) {
  /** @type {RequestInit & {headers: Record<string, string>}} */
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
    throw new ApiError((data && data.error) || `${response.status} ${response.statusText}`, response.status);
  }
  return data;
}

/** @param {string} path */
export const getJson = (path) => request('GET', path);
/**
 * @param {string} path
 * @param {unknown} [body]
 */
export const postJson = (path, body) => request('POST', path, body ?? {});

/**
 * The message of a thrown error, for people.
 * @param {unknown} error
 */
export const messageOf = (error) => (error instanceof Error ? error.message : String(error));

/**
 * The catalog, fetched once per page.
 * @type {Promise<CatalogGame[]> | null}
 */
let catalog = null;
/** @returns {Promise<CatalogGame[]>} */
export function getCatalog() {
  catalog ??= getJson('/api/catalog');
  return catalog;
}

/**
 * The board of `game` under `options`, from the catalog: states carry none.
 * @param {string} game
 * @param {string} options
 * @returns {Promise<Geometry>}
 */
export const getGeometry = (game, options) =>
  getJson(`/api/catalog/${encodeURIComponent(game)}/geometry?${new URLSearchParams({ options })}`);

/** @param {Side | null | undefined} side */
export const sideName = (side) => (side === 'white' ? 'White' : side === 'black' ? 'Black' : 'Neutral');

/** @param {string} text */
export const capitalise = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/** @param {Side} side */
export const otherSide = (side) => (side === 'white' ? 'black' : 'white');

/**
 * Where the invitation link of a game created in this browser is kept.
 * @param {string} id
 */
export const inviteKey = (id) => `arbiter:invite:${id}`;

/**
 * The element of the page with identifier `id`, of type `type`: the pages' own elements,
 * which are there.
 * @template {HTMLElement} [T=HTMLElement]
 * @param {string} id
 * @param {new () => T} [type]
 * @returns {T}
 */
export function element(id, type) {
  const node = document.getElementById(id);
  if (!node || (type && !(node instanceof type))) throw new Error(`the page has no #${id}`);
  return /** @type {T} */ (node);
}

/**
 * Appends to `body` a table row of `cells` (text or nodes); the row.
 * @param {Element} body
 * @param {(string | Node)[]} cells
 */
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

/**
 * The side that made move `ply` (counted from 0) of `state`, which is the side to move after
 * `ply` moves: players take turns (docs/rules.md, common terms).
 * @param {{to_move: Side, ply: number}} state
 * @param {number} ply
 * @returns {Side}
 */
export const moverOf = (state, ply) => {
  const other = otherSide(state.to_move);
  return (state.ply - ply) % 2 === 1 ? other : state.to_move;
};

/**
 * A WebSocket to `path()` kept open: a lost connection is made again after a delay that
 * doubles each time up to 2 s (a restarted server is found within 2 s of its return, and one
 * that is down is asked at most every 2 s by each page), and at once when the browser is back
 * online. `message`
 * hears each message's text, `open` each connection, `lost(delay)` each loss. Returns a
 * function that closes the current socket (to open it again at once, with new cookies).
 * @param {() => string} path
 * @param {{message: (data: string) => void, open?: () => void, lost?: (delay: number) => void}} handlers
 */
export function keepSocket(path, { message, open = () => {}, lost = () => {} }) {
  let attempts = 0;
  /** @type {WebSocket | null} */
  let current = null;
  const connect = () => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}${path()}`);
    current = socket;
    socket.addEventListener('open', () => { attempts = 0; open(); });
    socket.addEventListener('message', (event) => message(event.data));
    socket.addEventListener('close', () => {
      if (current !== socket) return;
      const delay = Math.min(2000, 250 * 2 ** attempts);
      attempts += 1;
      lost(delay);
      retry = setTimeout(connect, delay);
    });
  };
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  let retry;
  window.addEventListener('online', () => {
    if (current?.readyState !== WebSocket.CLOSED) return;
    clearTimeout(retry);
    connect();
  });
  connect();
  return () => { attempts = 0; current?.close(); };
}

/**
 * A change of rating as players read it: `+12`, `−12` (a minus sign), `±0`.
 * @param {number} change
 */
export const changeText = (change) => (change > 0 ? `+${change}` : change < 0 ? `−${-change}` : '±0');

/**
 * A rating as players read it: `1500`, and `1500?` while provisional.
 * @param {{rating: number, provisional: boolean}} rating
 */
export const ratingText = (rating) => `${rating.rating}${rating.provisional ? '?' : ''}`;
