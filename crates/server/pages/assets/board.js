// @ts-check
// Boards drawn as SVG from the server's geometry: one drawing function per layout kind
// (squares, points, round; a game's moves as cells, as squares). The board knows no rules: it
// draws cells, pieces and the marks the page asks for, and reports the cell a person activated.

import { animateMove } from './animate.js';

const SVG = 'http://www.w3.org/2000/svg';

/**
 * An SVG element `tag` with `attributes` and `children`.
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 * @param {...(Node | string)} children
 * @returns {SVGElement}
 */
function svg(tag, attributes = {}, ...children) {
  const node = /** @type {SVGElement} */ (document.createElementNS(SVG, tag));
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

/**
 * An SVG group.
 * @param {Record<string, string | number>} [attributes]
 * @param {...(Node | string)} children
 */
const group = (attributes = {}, ...children) => /** @type {SVGGElement} */ (svg('g', attributes, ...children));

/** @param {number} n */
const fmt = (n) => Number(n.toFixed(2));

/**
 * A point at `radius` from the centre, `degrees` clockwise from the top.
 * @param {number} radius
 * @param {number} degrees
 * @returns {[number, number]}
 */
function polar(radius, degrees) {
  const angle = (degrees * Math.PI) / 180;
  return [fmt(radius * Math.sin(angle)), fmt(-radius * Math.cos(angle))];
}

/**
 * A ring segment between radii `inner` and `outer`, from `start` to `end` degrees clockwise.
 * @param {number} inner
 * @param {number} outer
 * @param {number} start
 * @param {number} end
 */
function ringSegment(inner, outer, start, end) {
  const [x1, y1] = polar(outer, start);
  const [x2, y2] = polar(outer, end);
  const [x3, y3] = polar(inner, end);
  const [x4, y4] = polar(inner, start);
  const large = end - start > 180 ? 1 : 0;
  return `M${x1} ${y1} A${outer} ${outer} 0 ${large} 1 ${x2} ${y2} L${x3} ${y3} A${inner} ${inner} 0 ${large} 0 ${x4} ${y4} Z`;
}

/**
 * The squares of a chequered board (checkers, mini checkers, the 6×6 board with holes), or of moves as cells.
 * @param {Board} board
 * @param {LayoutOf<'squares' | 'moves'>} layout
 */
function drawSquares(board, layout) {
  const { columns, rows } = layout;
  const size = 100;
  const margin = board.geometry.column_labels.length ? 34 : 8;
  board.root.setAttribute('viewBox',
    `${-margin} ${-8} ${columns * size + margin + 8} ${rows * size + margin + 8}`);
  /** @type {Map<string, Cell>} */
  const named = new Map();
  for (const cell of board.geometry.cells) {
    if (cell.place.kind === 'grid') named.set(`${cell.place.column},${cell.place.row}`, cell);
  }
  for (let row = 0; row < rows; row += 1) {
    for (let column = 0; column < columns; column += 1) {
      const [x, y] = board.gridPoint(column, row, size);
      const dark = (column + row) % 2 === 1;
      const cell = named.get(`${column},${row}`);
      const square = svg('rect', { x: x - size / 2, y: y - size / 2, width: size, height: size,
        class: `square ${dark ? 'dark' : 'light'}` });
      if (!cell) {
        board.fieldLayer.append(square);
        continue;
      }
      const node = group({}, square);
      if (cell.hole) {
        node.append(svg('rect', { x: x - 42, y: y - 42, width: 84, height: 84, rx: 10, class: 'hole' }));
        node.append(svg('rect', { x: x - 30, y: y - 30, width: 60, height: 60, rx: 6, class: 'hole-floor' }));
      }
      if (!board.geometry.column_labels.length) {
        // Above the pieces, in the square's corner, so that a piece never hides its number.
        board.labelLayer.append(svg('text', { x: x - 47, y: y - 31, class: 'number' }, cell.name));
      }
      board.addCell(cell, node, x, y, 38);
    }
  }
  labelGrid(board, size, rows);
}

/**
 * The column and row labels of a grid, as the board is turned.
 * @param {Board} board
 * @param {number} size
 * @param {number} rows
 */
function labelGrid(board, size, rows) {
  const { column_labels: columnLabels, row_labels: rowLabels } = board.geometry;
  const points = board.geometry.layout.kind === 'points';
  columnLabels.forEach((label, column) => {
    const [x] = board.gridPoint(column, 0, size);
    const y = points ? rows * size + 30 : rows * size + 24;
    board.labelLayer.append(svg('text', { x, y, class: 'label' }, label));
  });
  rowLabels.forEach((label, row) => {
    const [, y] = board.gridPoint(0, row, size);
    const x = points ? -16 : -18;
    board.labelLayer.append(svg('text', { x, y: y + 7, class: 'label' }, label));
  });
}

/**
 * The points of a board of lines (Fanorona's) and every line joining them.
 * @param {Board} board
 * @param {LayoutOf<'points'>} layout
 */
function drawPoints(board, layout) {
  const { columns, rows } = layout;
  const size = 100;
  board.root.setAttribute('viewBox', `-40 0 ${columns * size + 46} ${rows * size + 40}`);
  board.fieldLayer.append(svg('rect', { x: 12, y: 12, width: (columns - 1) * size + 76,
    height: (rows - 1) * size + 76, rx: 14, class: 'points-ground' }));
  const centres = board.geometry.cells.map((cell) => board.gridPoint(gridPlace(cell).column, gridPlace(cell).row, size));
  for (const [from, to] of board.geometry.lines) {
    const [x1, y1] = centres[from];
    const [x2, y2] = centres[to];
    board.fieldLayer.append(svg('line', { x1, y1, x2, y2, class: 'line' }));
  }
  board.geometry.cells.forEach((cell, index) => {
    const [x, y] = centres[index];
    const node = group({}, svg('circle', { cx: x, cy: y, r: 44, class: 'point-hit' }),
      svg('circle', { cx: x, cy: y, r: 9, class: 'point' }));
    board.addCell(cell, node, x, y, 32);
  });
  labelGrid(board, size, rows);
}

/**
 * A grid cell's place (every cell of a grid board has one).
 * @param {Cell} cell
 * @returns {PlaceOf<'grid'>}
 */
function gridPlace(cell) {
  if (cell.place.kind !== 'grid') throw new Error(`cell ${cell.name} of a grid has no place on it`);
  return cell.place;
}

/**
 * A round board's cell's place.
 * @param {Cell} cell
 * @returns {PlaceOf<'round'>}
 */
function roundPlace(cell) {
  if (cell.place.kind !== 'round') throw new Error(`cell ${cell.name} of a round board has no place on it`);
  return cell.place;
}

/**
 * Day and Night's round board: rings of sectors around an empty centre, the day/night dial.
 * @param {Board} board
 * @param {LayoutOf<'round'>} layout
 */
function drawRound(board, layout) {
  const { sectors, rings } = layout;
  const inner = 92;
  const width = Math.min(70, 300 / rings);
  const outer = inner + rings * width;
  const span = 360 / sectors;
  const extent = outer + 64;
  board.root.setAttribute('viewBox', `${-extent} ${-extent} ${2 * extent} ${2 * extent}`);
  const turn = board.flipped ? 180 : 0;
  board.roundGeometry = { inner, outer, span, turn, sectors };
  board.fieldLayer.append(svg('circle', { cx: 0, cy: 0, r: outer + 6, class: 'round-rim' }));
  for (const cell of board.geometry.cells) {
    const { sector, ring } = roundPlace(cell);
    const start = turn + sector * span - span / 2;
    const r1 = inner + ring * width;
    const path = svg('path', { d: ringSegment(r1, r1 + width, start, start + span),
      class: `field ${cell.field ?? 'light'}` });
    const [x, y] = polar(r1 + width / 2, start + span / 2);
    const arc = ((r1 + width / 2) * span * Math.PI) / 180;
    board.addCell(cell, group({}, path), x, y, Math.min(width, arc) * 0.36);
  }
  board.geometry.column_labels.forEach((label, sector) => {
    const [x, y] = polar(outer + 46, turn + sector * span);
    board.labelLayer.append(svg('text', { x, y: y + 7, class: 'label' }, label));
  });
  board.geometry.row_labels.forEach((label, ring) => {
    const [x, y] = polar(inner + ring * width + width / 2, turn + 180 + span / 2);
    board.labelLayer.append(svg('text', { x, y: y + 5, class: 'label ring-label' }, label));
  });
  board.dialLayer.append(drawDial(inner, outer, span, sectors));
}

/**
 * The dial, drawn with the day beginning at the top; turned by `Board.setDial`.
 * @param {number} inner
 * @param {number} outer
 * @param {number} span
 * @param {number} sectors
 */
function drawDial(inner, outer, span, sectors) {
  const half = (sectors / 2) * span;
  const start = -span / 2;
  const dial = svg('g', { class: 'dial' });
  dial.append(
    svg('path', { d: ringSegment(inner - 1, outer + 1, start, start + half), class: 'day-tint' }),
    svg('path', { d: ringSegment(inner - 1, outer + 1, start + half, start + 360 - 0.001), class: 'night-tint' }),
    svg('path', { d: ringSegment(outer + 8, outer + 26, start, start + half), class: 'day-rim' }),
    svg('path', { d: ringSegment(outer + 8, outer + 26, start + half, start + 360 - 0.001), class: 'night-rim' }),
    svg('path', { d: ringSegment(0.01, inner - 10, start, start + half), class: 'day-disc' }),
    svg('path', { d: ringSegment(0.01, inner - 10, start + half, start + 360 - 0.001), class: 'night-disc' }),
  );
  const [sx, sy] = polar(inner * 0.5, start + half / 2);
  const sun = svg('g', { class: 'sun', transform: `translate(${sx} ${sy})` },
    svg('circle', { r: 13 }));
  for (let ray = 0; ray < 8; ray += 1) {
    const [x1, y1] = polar(17, ray * 45);
    const [x2, y2] = polar(24, ray * 45);
    sun.append(svg('line', { x1, y1, x2, y2 }));
  }
  const [mx, my] = polar(inner * 0.5, start + half + half / 2);
  const moon = svg('path', { class: 'moon', transform: `translate(${mx} ${my})`,
    d: 'M6 -16 A17 17 0 1 0 6 16 A13 13 0 1 1 6 -16 Z' });
  dial.append(sun, moon);
  return dial;
}

/**
 * Draws `board` by the kind of its layout.
 * @param {Board} board
 * @param {Layout} layout
 */
function draw(board, layout) {
  if (layout.kind === 'squares' || layout.kind === 'moves') drawSquares(board, layout);
  else if (layout.kind === 'points') drawPoints(board, layout);
  else drawRound(board, layout);
}

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
const DOT_SCALE = { squares: 0.34, points: 0.62, round: 0.42, moves: 0.34 };

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
    // The cells take the board's one tab stop (roveFocus): the drawing takes none of its own.
    this.root = svg('svg', { class: `board-svg ${kind}${this.numbers ? ' numbers' : ''}`,
      role: 'group', 'aria-label': 'Board', tabindex: '-1' });
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
    // Where the day reaches next round: the rim of each sector that enters it, outlined.
    this.dialLayer.querySelector('.next-day')?.remove();
    const { outer } = this.roundGeometry;
    const marker = svg('g', { class: 'next-day', 'data-next': dial.next.join(',') },
      svg('title', {}, 'The day reaches here next round'));
    for (const sector of dial.next.filter((next) => !inDay.has(next))) {
      const middle = turn + sector * span;
      marker.append(svg('path', { d: ringSegment(outer + 9, outer + 25, middle - span / 2 + 1, middle + span / 2 - 1) }));
    }
    this.dialLayer.append(marker);
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
      element.classList.toggle('premove', has(name, marks.premove));
      const piece = occupant.get(name);
      let label = `${name}: ${piece ? `${piece.side ? `${piece.side} ` : ''}${KIND_NAME[piece.kind]}` : (cell.hole ? 'hole' : 'empty')}`;
      if (this.dayCells) label += this.dayCells.has(roundPlace(cell).sector) ? ', day' : ', night';
      if (has(name, marks.targets)) label += ', possible move';
      if (has(name, marks.captured)) label += ', captured';
      if (has(name, marks.premove)) label += ', premove';
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
    const [from, to] = (marks.arrow ?? []).map((name) => this.cells.get(name));
    if (from && to) this.markLayer.append(arrow(from, to, marks.arrow ?? []));
  }
}

/**
 * An arrow from the centre of cell `from` to that of `to` (the engine's best move), its head
 * on `to`; `names` are the cells', for the tests.
 * @param {Drawn} from
 * @param {Drawn} to
 * @param {string[]} names
 */
function arrow(from, to, names) {
  const [dx, dy] = [to.x - from.x, to.y - from.y];
  const length = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / length, dy / length];
  const head = Math.min(from.radius, to.radius) * 0.9;
  const [bx, by] = [to.x - ux * head, to.y - uy * head];
  const d = `M${fmt(from.x)} ${fmt(from.y)} L${fmt(bx)} ${fmt(by)}`;
  const tip = `M${fmt(to.x)} ${fmt(to.y)} L${fmt(bx - uy * head * 0.6)} ${fmt(by + ux * head * 0.6)} `
    + `L${fmt(bx + uy * head * 0.6)} ${fmt(by - ux * head * 0.6)} Z`;
  return svg('g', { class: 'arrow', 'data-arrow': names.join('-') },
    svg('path', { class: 'arrow-shaft', d, 'stroke-width': fmt(head * 0.45) }), svg('path', { class: 'arrow-head', d: tip }));
}
