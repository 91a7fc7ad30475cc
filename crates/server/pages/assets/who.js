// @ts-check
// The header's account entry on every page: "Sign in" (to the account page) until the server
// says this browser is signed in; then the account's name, opening its menu (menu.js).

// While this browser has open seeks (seeking.js's SEEKING), every page but the home page, whose
// lobby does it, follows them.
if (localStorage.getItem('arbiter-seeking') && location.pathname !== '/') import('./seeking.js').then((seeking) => seeking.follow());

const nav = document.querySelector('.top nav');
if (nav) {
  const link = document.createElement('a');
  link.href = '/account';
  link.id = 'account-link';
  link.textContent = 'Sign in';
  nav.append(' ', link);
  fetch('/api/account').then(async (response) => {
    if (!response.ok) return;
    const account = await response.json();
    if (typeof account?.name === 'string') link.replaceWith((await import('./menu.js')).menu(account.name));
  }).catch(() => {});
}
