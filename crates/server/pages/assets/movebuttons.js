// @ts-check
// A game without a board (a geometry of layout `moves`: each cell is a move, named by its text,
// and entered by one click on it) drawn as a list: the position's text and the last move, then
// a button for each legal move of the position shown, labelled with the move, in the server's
// order. It stands where a board would, with a board's methods, and knows no rules: a button
// pressed reports its move's cell as a click on a board's cell would, and the page decides what
// that does. Its style (movebuttons.css) comes with it; the game page loads it for such a game
// alone.

import { key } from './entry.js';

/**
 * An element `tag` of class `className` holding `children`.
 * @param {string} tag
 * @param {string} className
 * @param {...(Node | string)} children
 */
function element(tag, className, ...children) {
  const node = document.createElement(tag);
  node.className = className;
  node.append(...children);
  return node;
}

/**
 * A line above the buttons: `label`, then `text` as code.
 * @param {string} label
 * @param {string} text
 */
const line = (label, text) => element('p', 'move-list-line', element('span', 'move-list-label', label), ' ', element('code', '', text));

/** The keys that move the focus among the buttons, and by how many (Home and End: to an end). */
const STEPS = /** @type {Record<string, number>} */ ({ ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1, Home: -Infinity, End: Infinity });

export class MoveButtons {
  /**
   * The list drawn in `container`; `onActivate(name)` is called with a move's cell when its
   * button is pressed (by a click, Enter or Space). The geometry a board takes is not needed:
   * the buttons are the legal moves each view lists.
   * @param {HTMLElement} container
   * @param {Geometry} _geometry
   * @param {(name: string) => void} onActivate
   */
  constructor(container, _geometry, onActivate) {
    const style = document.createElement('link');
    style.rel = 'stylesheet';
    style.href = '/assets/movebuttons.css';
    document.head.append(style);
    this.onActivate = onActivate;
    /** @type {string[]} the cells of the buttons listed, in order */
    this.names = [];
    /** @type {string | null} the cell of the button that had the focus last */
    this.focused = null;
    this.heading = element('div', 'move-list-heading');
    const title = element('h2', 'move-list-title', 'Legal moves');
    title.id = 'move-list-title';
    this.buttons = element('div', 'move-buttons');
    this.buttons.setAttribute('role', 'group');
    this.buttons.setAttribute('aria-labelledby', title.id);
    this.buttons.addEventListener('keydown', (event) => this.step(event));
    this.none = element('p', 'move-list-none', 'No legal moves: the game is over.');
    container.classList.add('listed');
    container.replaceChildren(element('div', 'move-list', this.heading, title, this.buttons, this.none));
  }

  /**
   * Lists the legal moves of `view` (the same buttons while they are the same moves), marked
   * as `marks` says: a move whose press plays it (`movable`, `targets`) can be pressed, the
   * others say they cannot (`aria-disabled`; pressed, the page says why); `selected` is the
   * move entered, `hint` the hinted one.
   * @param {View} view
   * @param {Marks} [marks]
   */
  update(view, marks = {}) {
    const last = view.last_move.at(-1);
    this.heading.replaceChildren(line('Position', view.position), ...(last ? [line('Last move', last)] : []));
    const names = view.legal.map((move) => key(move.clicks[0]));
    if (names.join('\n') !== this.names.join('\n')) this.list(view.legal, names);
    const usable = new Set([...(marks.movable ?? []), ...(marks.targets ?? [])]);
    for (const button of /** @type {HTMLElement[]} */ ([...this.buttons.children])) {
      const name = button.dataset.cell ?? '';
      const hint = marks.hint?.has(name) ?? false;
      button.classList.toggle('hint', hint);
      button.querySelector('.move-hint')?.toggleAttribute('hidden', !hint);
      button.classList.toggle('selected', marks.selected?.has(name) ?? false);
      button.setAttribute('aria-disabled', String(!usable.has(name)));
    }
  }

  /**
   * Makes the buttons of `legal`, whose cells are `names`. The list is one tab stop (the
   * button focused last, else the first), and the focus stays in it when it was there.
   * @param {LegalMove[]} legal
   * @param {string[]} names
   */
  list(legal, names) {
    const had = this.buttons.contains(document.activeElement);
    const buttons = legal.map((move, index) => {
      const name = names[index];
      const hint = element('span', 'move-hint', 'hint');
      hint.hidden = true;
      const button = element('button', 'move-button', element('code', '', move.move), hint);
      button.setAttribute('type', 'button');
      button.dataset.cell = name;
      button.addEventListener('click', () => this.onActivate(name));
      button.addEventListener('focus', () => { this.focused = name; });
      return button;
    });
    this.names = names;
    this.buttons.replaceChildren(...buttons);
    this.none.hidden = buttons.length > 0;
    const current = buttons.find((button) => button.dataset.cell === this.focused) ?? buttons[0];
    for (const button of buttons) button.tabIndex = button === current ? 0 : -1;
    if (had && current) current.focus();
  }

  /**
   * Moves the focus by an arrow key, Home or End.
   * @param {KeyboardEvent} event
   */
  step(event) {
    const step = STEPS[event.key];
    const buttons = /** @type {HTMLElement[]} */ ([...this.buttons.children]);
    const from = buttons.findIndex((button) => button === document.activeElement);
    if (step === undefined || from < 0) return;
    event.preventDefault();
    const to = buttons[Math.max(0, Math.min(buttons.length - 1, from + step))];
    for (const button of buttons) button.tabIndex = button === to ? 0 : -1;
    to.focus();
  }

  /** A list is not turned round. */
  setFlipped() {}

  /** A list has no cell numbers. */
  setNumbers() {}
}
