// @ts-check
// The boards' layouts drawn as SVG from the server's geometry: one drawing function per kind
// (squares, points, round), each drawing the fields, the cells (which `Board.addCell` makes
// clickable) and the labels; and the SVG helpers the board shares.

/** @typedef {import('./board.js').Board} Board */

const SVG = 'http://www.w3.org/2000/svg';

/**
 * An SVG element `tag` with `attributes` and `children`.
 * @param {string} tag
 * @param {Record<string, string | number>} [attributes]
 * @param {...(Node | string)} children
 * @returns {SVGElement}
 */
export function svg(tag, attributes = {}, ...children) {
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
export const group = (attributes = {}, ...children) => /** @type {SVGGElement} */ (svg('g', attributes, ...children));

/** @param {number} n */
export const fmt = (n) => Number(n.toFixed(2));

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
  return `M${x1} ${y1} A${outer} ${outer} 0 ${large} 1 ${x2} ${y2} L${x3} ${y3} ` +
    `A${inner} ${inner} 0 ${large} 0 ${x4} ${y4} Z`;
}

/**
 * The squares of a chequered board (checkers, mini checkers, the 6×6 board with holes).
 * @param {Board} board
 * @param {LayoutOf<'squares'>} layout
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
export function roundPlace(cell) {
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
export function draw(board, layout) {
  if (layout.kind === 'squares') drawSquares(board, layout);
  else if (layout.kind === 'points') drawPoints(board, layout);
  else drawRound(board, layout);
}
