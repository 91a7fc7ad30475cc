// @ts-check
// The game page's small tools: copying a link or the position, and the board zoomed on a
// phone.

import { element as $ } from './api.js';

/**
 * Copies `text` (`what`: "the watch link", "the position") to the clipboard, or shows it to be
 * copied by hand where the page may not write to the clipboard; `say` tells which.
 * @param {string} text
 * @param {string} what
 * @param {(text: string) => void} say
 */
export async function copyText(text, what, say) {
  try {
    await navigator.clipboard.writeText(text);
    say(`${what} is copied.`);
  } catch {
    const input = $('invite-url', HTMLInputElement);
    const previous = input.value;
    input.value = text;
    input.select();
    const copied = document.execCommand && document.execCommand('copy');
    input.value = previous;
    say(copied ? `${what} is copied.` : `Copy ${what.toLowerCase()}: ${text}`);
  }
}

// On a phone, the board drawn larger than the screen, in a box that scrolls: large enough
// that its smallest cell takes a thumb (44 px), and at least 180%; again, as it was.
export function toggleZoom() {
  const box = $('board');
  const sizes = [...box.querySelectorAll('[data-cell]')]
    .map((cell) => cell.getBoundingClientRect())
    .map((rect) => Math.min(rect.width, rect.height))
    .filter((size) => size > 0);
  const smallest = Math.min(...sizes);
  box.style.setProperty('--zoom', `${Math.max(180, Math.ceil((100 * 46) / smallest))}%`);
  const zoomed = box.classList.toggle('zoomed');
  $('zoom').setAttribute('aria-pressed', String(zoomed));
  box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
  box.scrollTop = (box.scrollHeight - box.clientHeight) / 2;
}
