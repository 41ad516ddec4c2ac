import { Alert, Box, Breadcrumbs, Button, CircularProgress, Link, Stack, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { BACKGROUND_READ, useApiQuery, useInvalidateApi } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { BusyButton } from '../../shell/busy-button.tsx';
import { TagsDialog } from '../experiments/tags-dialog.tsx';
import { RenameDialog } from '../experiments/rename-dialog.tsx';
import { TimesDialog } from '../experiments/times-dialog.tsx';
import { runBulkAction, runUndo } from '../experiments/bulk-runner.ts';
import type { BulkReport } from '../experiments/bulk-actions.ts';
import { rowLabel, toRow } from '../experiments/experiment-row.ts';
import { EXPERIMENT_READS } from '../experiments/use-experiment-actions.ts';
import { useExperimentAccess } from '../experiments/experiment-access.ts';
import { AssetsPanel } from '../assets/index.ts';
import { RunArtifacts } from '../artifacts/index.ts';
import { ImagesTab } from '../run-media/images/index.ts';
import { HtmlSection, OutputSection } from './documents.tsx';
import { CodeSection } from './source-code.tsx';
import { MetricsSection } from './metrics-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { StateChip } from './state-chip.tsx';
import { SystemSection } from './system-section.tsx';
import { useLiveExperiment } from './use-live-experiment.ts';
import { usePrefetchCharts } from './chart-prefetch.ts';
import { useBuiltAhead } from './use-built-ahead.ts';
import { ConfusionMatricesTab } from '../run-media/confusion-matrices/index.ts';
import { HistogramsTab } from '../run-media/histograms/index.ts';
import { CurvesTab } from '../run-media/curves/index.ts';
import { AudioTab } from '../run-media/audio/index.ts';
import { TablesTab } from '../run-media/tables/index.ts';
import { TextSamplesTab } from '../run-media/text/index.ts';
import { VideoTab } from '../run-media/video/index.ts';
import { isMediaTab, mediaTabsOf } from '../run-media/media-tabs.ts';
import { NotifyMeButton } from '../alerts/notify-me-button.tsx';

const SECTIONS = ['Overview', 'Metrics', 'Assets', 'Artifacts', 'Images', 'Confusion matrices', 'Histograms', 'Curves', 'Audio', 'Video', 'Text', 'Tables', 'System and git', 'Output', 'Code', 'HTML'] as const;
type Section = (typeof SECTIONS)[number];
/** Sections that grow while the experiment runs: showing one moves the live cursor on at once. */
const GROWING: ReadonlySet<Section> = new Set(['Metrics', 'System and git', 'Output']);
/** Growing sections that read only once their live cursor is known. */
const WAITS_FOR_CURSOR: ReadonlySet<Section> = new Set(['System and git', 'Output']);
const isSection = (name: string | null): name is Section => SECTIONS.includes(name as Section);
const tabId = (section: Section) => `experiment-tab-${section.replace(/\W+/g, '-').toLowerCase()}`;

/** The `/experiments/:experimentKey` screen: a fresh page (no state carried over) for each experiment. */
export function ExperimentRoute() {
  const { experimentKey = '' } = useParams();
  return <ExperimentPage key={experimentKey} experimentKey={experimentKey} />;
}

/** One experiment: its metadata, tags, summaries, metric charts, system and git details, output, code and HTML. */
export function ExperimentPage({ experimentKey }: { experimentKey: string }) {
  const profileId = useActiveProfile().id;
  const metadata = useApiQuery('getExperimentMetadata', { experimentKey });
  // The tags the overview shows (the same cached read): Undo of a tag change puts back just what changed.
  const tags = useApiQuery('getTags', { experimentKey });
  // The section is in the address (`?section=Images&name=…&step=…`), so an Assets row can open its media tab on
  // that name and step, and Back returns to where the user was.
  const [search, setSearch] = useSearchParams();
  const requested = search.get('section');
  const section: Section = isSection(requested) ? requested : 'Overview';
  const setSection = (next: Section) => setSearch(next === 'Overview' ? {} : { section: next }, { replace: true });
  const focus = { name: search.get('name') ?? undefined, step: search.get('step') === null ? undefined : Number(search.get('step')) };
  // Output and system details are read once their section's live cursor is known, so nothing falls in between.
  const live = useLiveExperiment(experimentKey, GROWING.has(section) ? section : 'other');
  // Metrics draw at once from the reads made as the page opens (read again after the first cursor if the experiment
  // runs); the live reads go on from the page's cursor, and a chart line ignores points it already holds.
  usePrefetchCharts(experimentKey);
  const metricsBuilt = useBuiltAhead(section === 'Metrics', metadata.data !== undefined);
  const [dialog, setDialog] = useState<'rename' | 'times' | 'tags' | null>(null);
  const [busy, setBusy] = useState<'archive' | 'restore' | 'delete' | 'tag' | 'untag' | null>(null);
  const confirm = useConfirm();
  const notify = useNotify();
  const navigate = useNavigate();
  const invalidate = useInvalidateApi();
  const accessOf = useExperimentAccess(metadata.data?.workspaceName);
  // Media tabs show once the run has an asset of their kind (a running run's list is read again as it grows).
  const assets = useApiQuery('listAssets', { experimentKey }, { refetchInterval: metadata.data?.running ? 5_000 : false, meta: BACKGROUND_READ });
  const mediaTabs = mediaTabsOf(assets.data?.assets ?? []);
  const shownSections = SECTIONS.filter((name) => !isMediaTab(name) || mediaTabs.has(name));
  if (metadata.error) return <Alert severity="error" sx={{ m: 3 }}>Cannot open experiment {experimentKey}: {metadata.error.message}</Alert>;
  if (!metadata.data) return <CircularProgress aria-label="Loading the experiment" sx={{ m: 3 }} />;
  const data = metadata.data;
  const row = toRow(data, tags.data?.tags ?? [], data.projectId);
  const label = rowLabel(row);
  /** Undoes what an action did here, and says how that went. */
  const undo = async (report: BulkReport) => {
    try {
      const undone = await runUndo(report.undo, profileId);
      const failure = undone.failed[0];
      if (failure) notify.error(new Error(failure.message), 'Could not undo');
      else notify.success('Undone.');
    } catch (error) {
      notify.error(error, 'Could not undo');
    } finally {
      await invalidate(EXPERIMENT_READS);
    }
  };
  /**
   * Runs one action on this experiment and shows the outcome, with Undo when it can be undone (a refusal with the
   * server's message); answers whether it was done.
   */
  const runHere = async (action: NonNullable<typeof busy>, failureContext: string, changedTags: readonly string[] = []): Promise<boolean> => {
    setBusy(action);
    try {
      const report = await runBulkAction(action, [row], profileId, changedTags);
      const failure = report.failed[0];
      if (failure) notify.error(new Error(failure.message), failureContext);
      else notify.success(action === 'untag' ? `Removed the tag “${changedTags.join('”, “')}” from “${label}”.` : report.summary, report.undo.length > 0 ? () => void undo(report) : undefined);
      return !failure;
    } catch (error) {
      notify.error(error, failureContext);
      return false;
    } finally {
      setBusy(null);
      await invalidate(EXPERIMENT_READS);
    }
  };
  const lifecycle = async (action: 'archive' | 'restore' | 'delete') => {
    if (action !== 'restore') {
      const words = action === 'archive' ? 'It leaves the list of live experiments until restored.' : 'It goes to the trash, where it can be restored.';
      const ok = await confirm({ title: `${action === 'archive' ? 'Archive' : 'Delete'} “${label}”?`, message: words, confirmLabel: action === 'archive' ? 'Archive' : 'Delete', destructive: action === 'delete' });
      if (!ok) return;
    }
    const done = await runHere(action, `Could not ${action} “${label}”`);
    if (action === 'delete' && done) void navigate(`/projects/${encodeURIComponent(data.projectId)}`);
  };
  return (
    <Box sx={{ p: 3 }}>
      <Breadcrumbs aria-label="Breadcrumb">
        <Link component={RouterLink} to={`/projects/${encodeURIComponent(data.projectId)}`}>
          {data.projectName}
        </Link>
        <Typography color="text.primary">{label}</Typography>
      </Breadcrumbs>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', my: 1 }}>
        <Typography variant="h5" component="h2">
          {label}
        </Typography>
        <StateChip metadata={data} />
        <Tooltip title={`Key ${data.experimentKey}: click to copy it`}>
          <Button
            size="small"
            aria-label={`Copy the key ${data.experimentKey}`}
            sx={{ fontFamily: 'monospace', textTransform: 'none' }}
            onClick={() => navigator.clipboard.writeText(data.experimentKey).then(() => notify.success('Copied the experiment key.'), (error: unknown) => notify.error(error, 'Could not copy the key; select it under Overview instead'))}
          >
            {data.experimentKey.slice(0, 8)}
          </Button>
        </Tooltip>
        <Box sx={{ flexGrow: 1 }} />
        <NotifyMeButton run={data} />
        <BusyButton size="small" disabledReason={accessOf('rename').reason} onClick={() => setDialog('rename')}>Rename</BusyButton>
        <BusyButton size="small" disabledReason={accessOf('times').reason} onClick={() => setDialog('times')}>Set times</BusyButton>
        <BusyButton size="small" disabledReason={accessOf('tags').reason} onClick={() => setDialog('tags')}>Add tags</BusyButton>
        <BusyButton
          size="small"
          busy={busy === 'archive' || busy === 'restore'}
          disabled={busy !== null}
          disabledReason={accessOf(data.archived ? 'restore' : 'archive').reason}
          onClick={() => void lifecycle(data.archived ? 'restore' : 'archive')}>
          {data.archived ? 'Restore' : 'Archive'}
        </BusyButton>
        <BusyButton size="small" color="error" busy={busy === 'delete'} disabled={busy !== null} disabledReason={accessOf('delete').reason} onClick={() => void lifecycle('delete')}>
          Delete
        </BusyButton>
      </Stack>
      <Tabs value={shownSections.includes(section) ? section : 'Overview'} onChange={(_event, value: Section) => setSection(value)} aria-label="Experiment sections" variant="scrollable" sx={{ mb: 2 }}>
        {shownSections.map((name) => (
          <Tab key={name} value={name} label={name} id={tabId(name)} aria-controls="experiment-section" />
        ))}
      </Tabs>
      <Box role="tabpanel" id="experiment-section" aria-labelledby={tabId(section)}>
        {section === 'Overview' && (
          <OverviewSection
            metadata={data}
            removeTagRefusal={accessOf('untag').reason}
            onRemoveTag={(tag) => void runHere('untag', `Could not remove the tag “${tag}”`, [tag])}
          />
        )}
        {!live.ready && WAITS_FOR_CURSOR.has(section) && <CircularProgress aria-label="Loading the section" />}
        {metricsBuilt && (
          <Box hidden={section !== 'Metrics'}>
            <MetricsSection experimentKey={experimentKey} />
          </Box>
        )}
        {section === 'Assets' && <AssetsPanel experimentKey={experimentKey} workspaceName={data.workspaceName} />}
        {section === 'Artifacts' && <RunArtifacts experimentKey={experimentKey} />}
        {section === 'Images' && <ImagesTab experimentKey={experimentKey} focus={focus} />}
        {section === 'Confusion matrices' && <ConfusionMatricesTab experimentKey={experimentKey} focus={focus} />}
        {section === 'Histograms' && <HistogramsTab experimentKey={experimentKey} focus={focus} />}
        {section === 'Curves' && <CurvesTab experimentKey={experimentKey} focus={focus} />}
        {section === 'Audio' && <AudioTab experimentKey={experimentKey} focus={focus} />}
        {section === 'Video' && <VideoTab experimentKey={experimentKey} focus={focus} />}
        {section === 'Text' && <TextSamplesTab experimentKey={experimentKey} focus={focus} />}
        {section === 'Tables' && <TablesTab experimentKey={experimentKey} focus={focus} />}
        {live.ready && section === 'System and git' && <SystemSection experimentKey={experimentKey} />}
        {live.ready && section === 'Output' && <OutputSection experimentKey={experimentKey} />}
        {section === 'Code' && <CodeSection experimentKey={experimentKey} />}
        {section === 'HTML' && <HtmlSection experimentKey={experimentKey} />}
      </Box>
      {dialog === 'rename' && <RenameDialog experimentKey={experimentKey} currentName={data.experimentName} onClose={() => setDialog(null)} />}
      {dialog === 'times' && (
        <TimesDialog experimentKey={experimentKey} label={label} startTimeMillis={data.startTimeMillis} endTimeMillis={data.endTimeMillis} onClose={() => setDialog(null)} />
      )}
      {dialog === 'tags' && (
        <TagsDialog
          target={`“${label}”`}
          suggestions={[]}
          busy={busy === 'tag'}
          onSubmit={(tags) => void runHere('tag', 'Could not add the tags', tags).then((done) => done && setDialog(null))}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
