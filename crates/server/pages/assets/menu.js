// @ts-check
// The menu of the account signed in, in every page's header (who.js opens it): its name, the
// profile, the account page and the leaderboards. Its style (menu.css) comes with it.

/**
 * The menu of the account named `name`.
 * @param {string} name
 */
export function menu(name) {
  const style = document.createElement('link');
  style.rel = 'stylesheet';
  style.href = '/assets/menu.css';
  document.head.append(style);
  const details = document.createElement('details');
  details.className = 'account-menu';
  const summary = document.createElement('summary');
  summary.id = 'account-link';
  summary.title = name;
  const shown = document.createElement('span');
  shown.className = 'account-name';
  shown.textContent = name;
  summary.append(shown);
  const list = document.createElement('div');
  list.className = 'account-menu-items';
  const signedIn = document.createElement('span');
  signedIn.className = 'signed-in';
  signedIn.textContent = `Signed in as ${name}`;
  list.append(signedIn);
  for (const [text, href] of [['Your profile', `/@/${encodeURIComponent(name)}`], ['Your account', '/account'], ['Leaderboards', '/leaderboard'], ['Tournaments', '/tournaments']]) {
    const item = document.createElement('a');
    item.href = href;
    item.textContent = text;
    list.append(item);
  }
  details.append(summary, list);
  // The menu closes when anything else is clicked, or on Escape.
  document.addEventListener('click', (event) => {
    if (event.target instanceof Node && !details.contains(event.target)) details.open = false;
  });
  details.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') details.open = false;
  });
  return details;
}
