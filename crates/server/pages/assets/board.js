// @ts-check
// Boards drawn as SVG from the server's geometry, by the drawing of their layout's kind
// (layouts.js). The board knows no rules: it draws cells, pieces and the marks the game page
// asks for, and reports which cell a person activated.

import { animateMove } from './animate.js';
import { draw, fmt, group, roundPlace, svg } from './layouts.js';

const ARROWS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight']);

/**
 * The name of the cell an event happened in, if any.
 * @param {EventTarget | null} target
 */
const cellOf = (target) =>
  (target instanceof Element ? target.closest('[data-cell]')?.getAttribute('data-cell') : null) ?? null;

/**
 * Makes `root`'s cells (`places`) one tab stop (a roving tabindex): the cell that had the focus
 * last (`current`, else the first) takes the tab, and the arrow keys move the focus (keys.js,
 * loaded with the first arrow pressed). `remember` is told the cell that takes the focus.
 * @param {SVGElement} root
 * @param {Map<string, Drawn>} places
 * @param {string | null} current
 * @param {(name: string) => void} remember
 */
function roveFocus(root, places, current, remember) {
  const usable = new Map([...places].filter(([, place]) => !place.cell.hole));
  const start = current && usable.has(current) ? current : usable.keys().next().value;
  for (const [name, { element }] of places) element.setAttribute('tabindex', name === start ? '0' : '-1');
  root.addEventListener('focusin', (event) => {
    const name = cellOf(event.target);
    if (name === null || !usable.has(name)) return;
    for (const [other, { element }] of places) element.setAttribute('tabindex', other === name ? '0' : '-1');
    remember(name);
  });
  root.addEventListener('keydown', (event) => {
    const from = cellOf(event.target);
    if (!ARROWS.has(event.key) || !from) return;
    event.preventDefault();
    import('./keys.js').then(({ nearestCell }) => {
      const to = nearestCell(usable, from, event.key);
      if (to) usable.get(to)?.element.focus();
    });
  });
}

/**
 * A target dot's radius, as a share of a piece's, on each kind of board.
 * @type {Record<Layout['kind'], number>}
 */
const DOT_SCALE = { squares: 0.34, points: 0.62, round: 0.42 };

/** @type {Record<PieceView['kind'], string>} */
const KIND_NAME = { man: 'man', king: 'king', neutral: 'neutral piece' };

/**
 * A piece: a disc for each side, a crown for a king, a grey ring for a neutral piece.
 * @param {PieceView} piece
 * @param {number} x
 * @param {number} y
 * @param {number} radius
 */
function drawPiece(piece, x, y, radius) {
  const side = piece.side ?? 'neutral';
  const node = group({ class: `piece ${side} ${piece.kind}`, 'data-piece': piece.cell,
    transform: `translate(${fmt(x)} ${fmt(y)})` });
  if (piece.kind === 'neutral') {
    node.append(svg('circle', { r: radius, class: 'body' }),
      svg('circle', { r: radius * 0.5, class: 'hollow' }));
    return node;
  }
  node.append(svg('circle', { r: radius, class: 'body' }),
    svg('circle', { r: radius * 0.68, class: 'inner' }));
  if (piece.kind === 'king') {
    const s = radius / 38;
    node.append(svg('path', { class: 'crown', transform: `scale(${fmt(s)})`,
      d: 'M-22 12 L-26 -12 L-12 0 L0 -20 L12 0 L26 -12 L22 12 Z' }));
  } else if (side === 'black') {
    node.append(svg('circle', { r: radius * 0.22, class: 'dot' }));
  }
  return node;
}

export class Board {
  /**
   * A board of `geometry` drawn in `container`. `onActivate(name)` is called when a person
   * clicks a cell or presses Enter or Space on it; `onDrag(from, to)` when a piece is dragged
   * from one cell and dropped on another.
   * @param {HTMLElement} container
   * @param {Geometry} geometry
   * @param {(name: string) => void} onActivate
   * @param {(from: string, to: string) => void} [onDrag]
   */
  constructor(container, geometry, onActivate, onDrag) {
    this.container = container;
    this.geometry = geometry;
    this.onActivate = onActivate;
    this.onDrag = onDrag;
    this.flipped = false;
    this.numbers = false;
    /** @type {number | null} the dial's turn, in degrees */
    this.dialTurn = null;
    /** @type {View | null} */
    this.view = null;
    /** @type {Marks} */
    this.marks = {};
    /** @type {string | null} the cell pressed, while a piece may be dragged from it */
    this.dragFrom = null;
    /** @type {string | null} the cell that had the focus last */
    this.focused = null;
    /** @type {Map<string, {piece: PieceView, node: SVGGElement}> | null} the pieces drawn */
    this.drawn = null;
    /** @type {{inner: number, outer: number, span: number, turn: number, sectors: number} | null} */
    this.roundGeometry = null;
    /** @type {Set<number> | null} the sectors in the day */
    this.dayCells = null;
    /** @type {Map<string, Drawn>} */
    this.cells = new Map();
    this.root = svg('svg');
    this.fieldLayer = group();
    this.dialLayer = group();
    this.cellLayer = group();
    this.pieceLayer = group();
    this.markLayer = group();
    this.labelLayer = group();
    this.build();
  }

  /**
   * Where column `column`, row `row` of a grid is drawn, as the board is turned.
   * @param {number} column
   * @param {number} row
   * @param {number} size
   * @returns {[number, number]}
   */
  gridPoint(column, row, size) {
    const layout = this.geometry.layout;
    if (layout.kind === 'round') throw new Error('a round board has no grid');
    const { columns, rows } = layout;
    const c = this.flipped ? columns - 1 - column : column;
    const r = this.flipped ? rows - 1 - row : row;
    return [c * size + size / 2, r * size + size / 2];
  }

  build() {
    const kind = this.geometry.layout.kind;
    this.root = svg('svg', { class: `board-svg ${kind}${this.numbers ? ' numbers' : ''}`,
      role: 'group', 'aria-label': 'Board' });
    this.fieldLayer = group({ class: 'fields' });
    this.dialLayer = group({ class: 'dial-layer', 'aria-hidden': 'true' });
    this.cellLayer = group({ class: 'cells' });
    this.pieceLayer = group({ class: 'pieces', 'aria-hidden': 'true' });
    this.markLayer = group({ class: 'marks', 'aria-hidden': 'true' });
    this.labelLayer = group({ class: 'labels', 'aria-hidden': 'true' });
    this.root.append(svg('defs', {}, svg('radialGradient', { id: 'hole-shade' },
      svg('stop', { offset: '0%', 'stop-color': '#000' }), svg('stop', { offset: '100%', 'stop-color': '#4a3322' }))));
    // The marks above the pieces, so that every kind of cell and piece shows them.
    this.root.append(this.fieldLayer, this.cellLayer, this.dialLayer, this.pieceLayer,
      this.markLayer, this.labelLayer);
    this.cells = new Map();
    // Drag and drop: pressed on one cell and released on another (the click, which then
    // goes to neither cell, does not fire on a cell).
    this.root.addEventListener('pointerdown', (event) => {
      this.dragFrom = cellOf(event.target);
    });
    this.root.addEventListener('pointerup', (event) => {
      const from = this.dragFrom;
      this.dragFrom = null;
      const to = cellOf(document.elementFromPoint(event.clientX, event.clientY));
      if (from && to && from !== to && this.onDrag) this.onDrag(from, to);
    });
    draw(this, this.geometry.layout);
    // The drawing's shape, for the page's layout to fit the board (and what is as wide as it
    // around it: the seats' lines) to the screen's height.
    const [, , width, height] = (this.root.getAttribute('viewBox') ?? '0 0 1 1').split(' ').map(Number);
    (this.container.parentElement ?? this.container).style.setProperty('--board-aspect', String(width / height));
    // One tab stop for the whole board; the arrow keys go from cell to cell.
    roveFocus(this.root, this.cells, this.focused, (name) => { this.focused = name; });
    this.container.replaceChildren(this.root);
    this.dialTurn = null;
    this.drawn = null;
    if (this.view) this.update(this.view, this.marks);
  }

  /**
   * Makes `node` the drawing of `cell`, centred at (`x`, `y`), its pieces of `radius`.
   * @param {Cell} cell
   * @param {SVGGElement} node
   * @param {number} x
   * @param {number} y
   * @param {number} radius
   */
  addCell(cell, node, x, y, radius) {
    node.setAttribute('data-cell', cell.name);
    node.setAttribute('class', `cell${cell.hole ? ' is-hole' : ''}`);
    node.setAttribute('role', 'button');
    node.setAttribute('aria-label', cell.name);
    if (cell.hole) node.setAttribute('aria-disabled', 'true');
    node.addEventListener('click', () => this.onActivate(cell.name));
    node.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        this.onActivate(cell.name);
      }
    });
    this.cellLayer.append(node);
    this.cells.set(cell.name, { cell, element: node, x, y, radius });
  }

  /** @param {boolean} flipped whether Black's side is drawn at the bottom */
  setFlipped(flipped) {
    this.flipped = flipped;
    this.build();
  }

  /** @param {boolean} numbers whether the cells' numbers are shown */
  setNumbers(numbers) {
    this.numbers = numbers;
    this.root.classList.toggle('numbers', numbers);
  }

  /**
   * Turns the dial so that the day covers `dial.day` (sector numbers), along the shorter way.
   * @param {Dial | null | undefined} dial
   */
  setDial(dial) {
    const dialGroup = this.dialLayer.querySelector('.dial');
    if (!(dialGroup instanceof SVGElement) || !dial || !this.roundGeometry) return;
    const { span, turn, sectors } = this.roundGeometry;
    const inDay = new Set(dial.day);
    const first = dial.day.find((sector) => !inDay.has((sector + sectors - 1) % sectors)) ?? 0;
    const target = turn + first * span;
    if (this.dialTurn === null) {
      this.dialTurn = target;
      dialGroup.style.transition = 'none';
    } else {
      let delta = (((target - this.dialTurn) % 360) + 360) % 360;
      if (delta > 180) delta -= 360;
      this.dialTurn += delta;
      dialGroup.style.transition = '';
    }
    dialGroup.style.transform = `rotate(${this.dialTurn}deg)`;
    dialGroup.dataset.day = dial.day.join(',');
    this.dayCells = inDay;
  }

  /**
   * Draws the pieces of `view` and the `marks`.
   * @param {View} view
   * @param {Marks} [marks]
   */
  update(view, marks = {}) {
    this.view = view;
    this.marks = marks;
    const has = (/** @type {string} */ name, /** @type {Set<string> | undefined} */ set) => Boolean(set && set.has(name));
    this.setDial(view.dial);
    const occupant = new Map(view.pieces.map((piece) => [piece.cell, piece]));
    for (const [name, { element, cell }] of this.cells) {
      element.classList.toggle('last', has(name, marks.last));
      element.classList.toggle('selected', has(name, marks.selected));
      element.classList.toggle('target', has(name, marks.targets));
      element.classList.toggle('movable', has(name, marks.movable));
      element.classList.toggle('hint', has(name, marks.hint));
      const piece = occupant.get(name);
      let label = `${name}: ${piece ? `${piece.side ? `${piece.side} ` : ''}${KIND_NAME[piece.kind]}` : (cell.hole ? 'hole' : 'empty')}`;
      if (this.dayCells) label += this.dayCells.has(roundPlace(cell).sector) ? ', day' : ', night';
      if (has(name, marks.targets)) label += ', possible move';
      if (has(name, marks.captured)) label += ', captured';
      element.setAttribute('aria-label', label);
      element.setAttribute('aria-pressed', has(name, marks.selected) ? 'true' : 'false');
    }
    const before = this.drawn;
    this.drawn = new Map();
    this.pieceLayer.replaceChildren();
    for (const piece of view.pieces) {
      const place = this.cells.get(piece.cell);
      if (!place) continue;
      const node = drawPiece(piece, place.x, place.y, place.radius);
      if (has(piece.cell, marks.captured)) node.classList.add('captured');
      this.pieceLayer.append(node);
      this.drawn.set(piece.cell, { piece, node });
    }
    animateMove(this.pieceLayer, this.cells, before, view.pieces, view.last_move);
    this.markLayer.replaceChildren();
    const occupied = new Set(view.pieces.map((piece) => piece.cell));
    // A piece the move entered takes: a red cross on a light halo, above the faded piece.
    for (const name of marks.captured ?? []) {
      const place = this.cells.get(name);
      if (!place || !occupied.has(name)) continue;
      const r = place.radius * 0.6;
      const d = `M${fmt(place.x - r)} ${fmt(place.y - r)} L${fmt(place.x + r)} ${fmt(place.y + r)} ` +
        `M${fmt(place.x + r)} ${fmt(place.y - r)} L${fmt(place.x - r)} ${fmt(place.y + r)}`;
      this.markLayer.append(svg('path', { class: 'cross-halo', d }), svg('path', { class: 'cross', d, 'data-captured': name }));
    }
    for (const name of marks.movable ?? []) {
      const place = this.cells.get(name);
      if (!place) continue;
      // A light halo under a green ring: seen on light and dark cells, and on either side's pieces.
      const ring = { cx: place.x, cy: place.y, r: place.radius * 1.1 };
      this.markLayer.append(svg('circle', { ...ring, class: 'movable-halo' }),
        svg('circle', { ...ring, class: 'movable-ring', 'data-movable': name }));
    }
    // A target on an empty cell is a dot (on Fanorona's points, clearly larger than a point); on
    // a piece, which the move takes, a ring round it.
    const dot = DOT_SCALE[this.geometry.layout.kind] ?? 0.34;
    for (const name of marks.targets ?? []) {
      const place = this.cells.get(name);
      if (!place) continue;
      const centre = { cx: place.x, cy: place.y, 'data-target': name };
      if (occupied.has(name)) {
        this.markLayer.append(svg('circle', { ...centre, r: place.radius * 1.08, class: 'target-ring' }));
      } else {
        this.markLayer.append(svg('circle', { ...centre, r: place.radius * dot, class: 'target-dot' }));
      }
    }
    for (const name of marks.last ?? []) {
      const place = this.cells.get(name);
      if (place) this.markLayer.append(svg('circle', { cx: place.x, cy: place.y, r: place.radius * 1.12, class: 'last-ring' }));
    }
  }
}
