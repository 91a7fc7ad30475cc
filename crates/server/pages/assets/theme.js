// @ts-check
// The theme: the system's light or dark scheme (the style sheet follows it by itself), unless
// the player chose one with the header's toggle, which this browser remembers. A classic
// script in the head, so that a chosen theme applies before the page is first drawn.

{
  const KEY = 'arbiter:theme';
  const root = document.documentElement;
  const systemDark = window.matchMedia('(prefers-color-scheme: dark)');

  /** @returns {'light' | 'dark' | null} the theme chosen, if any */
  const chosen = () => {
    const stored = localStorage.getItem(KEY);
    return stored === 'light' || stored === 'dark' ? stored : null;
  };

  /** @returns {boolean} whether the page is dark now */
  const isDark = () => (chosen() ?? (systemDark.matches ? 'dark' : 'light')) === 'dark';

  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'theme';
  toggle.id = 'theme';
  toggle.setAttribute('aria-label', 'Dark theme');

  const apply = () => {
    const theme = chosen();
    if (theme) root.dataset.theme = theme;
    else delete root.dataset.theme;
    const dark = isDark();
    // Short, so that a phone's header keeps one line; the title says it in full.
    toggle.textContent = dark ? 'Light' : 'Dark';
    toggle.title = dark ? 'Use the light theme' : 'Use the dark theme';
    toggle.setAttribute('aria-pressed', String(dark));
    root.dataset.shown = dark ? 'dark' : 'light';
  };

  // A choice that matches the system's scheme is forgotten, so that the page follows the
  // system again when it changes.
  toggle.addEventListener('click', () => {
    const wanted = isDark() ? 'light' : 'dark';
    const system = systemDark.matches ? 'dark' : 'light';
    if (wanted === system) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, wanted);
    apply();
  });
  systemDark.addEventListener('change', apply);
  apply();
  document.addEventListener('DOMContentLoaded', () => document.querySelector('.top nav')?.append(toggle));
}
