// @ts-check
// The header's account link on every page: the account's name when this browser is signed in,
// "Sign in" otherwise; both lead to the account page.

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
    if (account && typeof account.name === 'string') {
      link.textContent = account.name;
      link.title = 'Your account';
    }
  }).catch(() => {});
}
