import { parseArgs } from 'node:util';
import { runArtifactsBench } from './artifacts.ts';
import { runAlertsBench } from './alerts.ts';
import { runBackupBench } from './backup.ts';
import { runCopyBench } from './copy.ts';
import { runFuzzBench } from './fuzz.ts';
import { runInsightBench } from './insight.ts';
import { runLiveBench } from './live.ts';
import { runLocalServiceBench } from './local-service.ts';
import { runMediaImagesBench } from './media-images.ts';
import { runMediaChartsBench } from './media-charts.ts';
import { runMediaCompareBench } from './media-compare.ts';
import { runMediaTablesBench } from './media-tables.ts';
import { runServiceBackendsBench } from './service-backends.ts';
import { runServiceAgainst } from './service-against.ts';
import { runServiceBench } from './service.ts';
import { runStartBench } from './start.ts';
import { runUiParallelBench } from './ui-parallel-run.ts';
import { runUiBench, runUiLinesBench } from './ui.ts';
import { runUploadBench } from './upload.ts';
import { runUploadS3Bench } from './upload-s3.ts';

// Every app the suites start runs its local service on a free port and stops it when it stops (the suites that
// measure a service outliving the app say otherwise themselves).
process.env.TRACKDESK_LOCAL_PORT ??= '0';
process.env.TRACKDESK_STOP_SERVICE_ON_EXIT ??= '1';

/** Benchmark suites by name; each prints its figures next to a baseline measured in the same run. */
const suites: Record<string, () => Promise<void>> = {
  /** A 1 GiB artifact of 1,000 files logged and downloaded as the SDK does, next to raw copies. */
  artifacts: runArtifactsBench,
  /** Metric batch ingest with 100 alert rules over the project, next to the same ingest without rules. */
  alerts: runAlertsBench,
  backup: runBackupBench,
  copy: runCopyBench,
  fuzz: runFuzzBench,
  insight: runInsightBench,
  live: runLiveBench,
  /** The app's start when its local service already runs, and the service's restart gap during an upgrade. */
  'local-service': runLocalServiceBench,
  /** The run page's Images tab on 20 image names × 200 steps, against the Assets tab. */
  'media-images': runMediaImagesBench,
  /** The run page's Histograms tab: a heatmap of 1,000 steps against the same canvas of 10. */
  'media-charts': runMediaChartsBench,
  /** The analysis view's images side by side across 50 runs (first thumbnails, slider moves). */
  'media-compare': runMediaCompareBench,
  /** A 100,000-row CSV in the run page's Tables tab. */
  'media-tables': runMediaTablesBench,
  service: runServiceBench,
  start: runStartBench,
  /** Only the service bench's SQLite / PostgreSQL rows. */
  backends: runServiceBackendsBench,
  ui: runUiBench,
  /** Only the analysis view's parallel coordinates and scatter (part of ui). */
  'ui-parallel': runUiParallelBench,
  /** Only the analysis view's line charts of the ui suite. */
  'ui-lines': runUiLinesBench,
  upload: runUploadBench,
  /** Upload and download through the service to an S3-compatible store (moto_server). */
  'upload-s3': runUploadS3Bench,
};

/** Suites that later work adds, with what each is waiting for. */
const pending: Record<string, string> = {
};

const { values: options, positionals: requested } = parseArgs({ options: { against: { type: 'string' }, scale: { type: 'string' } }, allowPositionals: true });
// `--scale 0.1`: the copy suite's data shrunk (or grown) by this factor.
if (options.scale !== undefined) process.env.BENCH_COPY_SCALE = options.scale;
if (options.against !== undefined) {
  if (requested.join() !== 'service') {
    console.error('--against <ref> compares the service only: npm run bench -- service --against <commit, tag or branch>.');
    process.exit(2);
  }
  suites.service = () => runServiceAgainst(options.against ?? '');
}
const names = requested.length > 0 ? requested : Object.keys({ ...suites, ...pending }).filter((name) => name !== 'backends' && name !== 'ui-parallel' && name !== 'ui-lines');
let waiting = 0;
for (const name of names) {
  const suite = suites[name];
  if (suite) {
    console.log(`\n== bench ${name} ==`);
    await suite();
  } else if (pending[name]) {
    console.log(`bench ${name}: not measurable yet, waiting for ${pending[name]}.`);
    waiting += 1;
  } else {
    console.error(`Unknown bench suite "${name}". Known: ${Object.keys({ ...suites, ...pending }).join(', ')}.`);
    process.exit(2);
  }
}
if (waiting === names.length) process.exitCode = 1;
