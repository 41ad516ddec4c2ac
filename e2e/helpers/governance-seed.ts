import type { Download, Page } from '@playwright/test';
import type { ShellUnderTest } from '../fixtures.ts';
import { callDirect, embeddedServiceAccess, seedExperimentModel, type ServiceAccess } from './registry-seed.ts';

/** What the governance specs seed: model `classifier` with 1.0.0 (in production) and 2.0.0, each from an experiment with metrics and parameters. */
export interface SeededPromotion {
  service: ServiceAccess;
  ids: Record<'1.0.0' | '2.0.0', string>;
}

/** Logs accuracy and loss at steps 0..2 and a learning rate, so the two versions' experiments differ in known ways. */
async function logRun(service: ServiceAccess, experimentKey: string, accuracy: readonly number[], lr: string): Promise<void> {
  for (const [step, value] of accuracy.entries()) {
    await callDirect(service, 'logMetric', { body: { experimentKey, metricName: 'accuracy', metricValue: value, step } });
    await callDirect(service, 'logMetric', { body: { experimentKey, metricName: 'loss', metricValue: 1 - value, step } });
  }
  await callDirect(service, 'logParameter', { body: { experimentKey, parameterName: 'lr', parameterValue: lr } });
  await callDirect(service, 'logParameter', { body: { experimentKey, parameterName: 'batch', parameterValue: '32' } });
}

/** Seeds the model as the user admin (1.0.0 in production) once the app is ready. */
export async function seedPromotion(page: Page, shell: ShellUnderTest): Promise<SeededPromotion> {
  await page.goto(shell.url);
  await page.locator('[data-app-state="ready"]').waitFor();
  const service = await embeddedServiceAccess(shell);
  const first = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-1', modelName: 'classifier' });
  const second = await seedExperimentModel(service, { projectName: 'vision', experimentName: 'run-2', modelName: 'classifier' });
  await logRun(service, first.experimentKey, [0.5, 0.81, 0.79], '0.1');
  await logRun(service, second.experimentKey, [0.6, 0.95, 0.93], '0.01');
  const one = await callDirect(service, 'createRegistryModel', { body: { experimentModelId: first.experimentModelId, registryModelName: 'classifier', version: '1.0.0' } });
  const two = await callDirect(service, 'createRegistryModelVersion', { body: { experimentModelId: second.experimentModelId, registryModelName: 'classifier', version: '2.0.0' } });
  const ids = { '1.0.0': String(one.registryModelItemId), '2.0.0': String(two.registryModelItemId) };
  await callDirect(service, 'addRegistryModelVersionStage', { query: { modelItemId: ids['1.0.0'], stage: 'production' } });
  return { service, ids };
}

/** Opens the model page of `classifier` from the navigation. */
export async function openClassifier(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Registry', exact: true }).click();
  await page.getByRole('table', { name: 'Registry models' }).getByRole('link', { name: 'classifier' }).click();
}

/** The text of a file the page offered as a download. */
export async function downloadedText(download: Promise<Download>): Promise<{ name: string; text: string }> {
  const saved = await download;
  const chunks: Buffer[] = [];
  for await (const chunk of await saved.createReadStream()) chunks.push(chunk as Buffer);
  return { name: saved.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
}
