import { chromium } from 'playwright-core';
let fails = 0;
for (let i = 0; i < 60; i++) {
  try {
    const b = await chromium.launch({ executablePath: process.env.CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
    const c = await b.newContext(); const p = await c.newPage(); await p.goto('about:blank');
    await b.close();
  } catch (e) { fails++; console.log(String(e).split('\n').filter(l => /Segm|rror/.test(l)).slice(0,3).join(' | ')); }
}
console.log('fails', fails);
