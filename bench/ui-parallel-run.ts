import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import playwrightConfig from '../playwright.config.ts';
import { openApp, stopShell } from './ui.ts';
import { measureParallel, printParallelFigures } from './ui-parallel.ts';
import { seedParallelProjects } from './ui-parallel-seed.ts';
import { seedProjects } from './ui-seed.ts';

/** `npm run bench -- ui-parallel`: only the analysis view's parallel coordinates, linked table and scatter (also part of `ui`). */
export async function runUiParallelBench(): Promise<void> {
  const built = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the renderer did not build');
  const userDataDir = mkdtempSync(join(tmpdir(), 'trackdesk-bench-parallel-'));
  const browser = await chromium.launch({ ...playwrightConfig.use?.launchOptions, headless: true });
  let opened: Awaited<ReturnType<typeof openApp>> | undefined;
  try {
    await seedProjects(join(userDataDir, 'service'), []);
    const seedStart = performance.now();
    const projects = await seedParallelProjects(join(userDataDir, 'service'), 10_000, 100);
    console.log(`Seeded 10,000 + 100 sweep runs in ${((performance.now() - seedStart) / 1000).toFixed(1)} s.`);
    opened = await openApp(browser, userDataDir);
    printParallelFigures(await measureParallel(opened.page, opened.origin, projects));
    await opened.context.close();
  } finally {
    await browser.close();
    await stopShell(opened?.shell);
    rmSync(userDataDir, { recursive: true, force: true });
  }
}
