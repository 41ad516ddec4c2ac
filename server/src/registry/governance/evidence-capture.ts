import { createHash } from 'node:crypto';
import type { z } from 'zod';
import { EVIDENCE_LIMITS, type evidenceValue, type evidenceVersion } from '../../../../shared/api/promotion-evidence.ts';
import type { Caller } from '../../http/handler.ts';
import type { StoredAsset } from '../../assets/index.ts';
import type { RegistryServices } from '../services.ts';
import type { RegistryVersion } from '../version-rows.ts';
import type { FoundVersion } from '../changes.ts';
import type { EvidenceSnapshot } from './evidence-store.ts';
import type { PromotionRequest } from './request-store.ts';

type EvidenceVersion = z.output<typeof evidenceVersion>;
type EvidenceValue = z.output<typeof evidenceValue>;
type Summary = { name: string; summary: { current: SummaryPoint; min: SummaryPoint; max: SummaryPoint } };
type SummaryPoint = { value: string; step: number | null };

/** A value cut to the snapshot's bound, marked with "…" when cut. */
const clip = (text: string): string => (text.length > EVIDENCE_LIMITS.valueChars ? `${text.slice(0, EVIDENCE_LIMITS.valueChars - 1)}…` : text);

const toValue = ({ name, summary }: Summary): EvidenceValue => ({
  name: clip(name),
  valueCurrent: clip(summary.current.value),
  valueMin: clip(summary.min.value),
  valueMax: clip(summary.max.value),
  stepCurrent: summary.current.step,
  stepMin: summary.min.step,
  stepMax: summary.max.step,
});

/** The first `limit` items, and how many were left out. */
const bounded = <T>(items: readonly T[], limit: number): { kept: T[]; omitted: number } => ({ kept: items.slice(0, limit), omitted: Math.max(0, items.length - limit) });

/** User metrics before the service's own `sys.*` ones, each by name: what a bound cuts first is the system's. */
const metricOrder = (a: Summary, b: Summary): number => Number(a.name.startsWith('sys.')) - Number(b.name.startsWith('sys.')) || a.name.localeCompare(b.name);

/**
 * The capture of promotion evidence (issue 33): the candidate and the version holding the stage or status, as they stand in
 * the caller's transaction, recorded with the request. Bounded: see EVIDENCE_LIMITS (what is cut is counted in `omitted`).
 */
export function evidenceCapture(services: RegistryServices) {
  const { registry, experiments, assets, blobs, loggedData, promotionEvidence } = services;

  /** The SHA-256 of a stored blob, streamed; null when its bytes cannot be read (gone from the disk underneath). */
  const digest = async (blob: string): Promise<string | null> => {
    const hash = createHash('sha256');
    try {
      for await (const chunk of blobs.read(blob)) hash.update(chunk as Buffer);
    } catch {
      return null;
    }
    return hash.digest('hex');
  };
  /** The version's model files with their checksums while the checksum budget lasts (remote files have none). */
  const filesOf = async (files: readonly StoredAsset[]) => {
    let budget: number = EVIDENCE_LIMITS.checksumBytes;
    let skipped = 0;
    const listed = [];
    for (const file of files) {
      const hashed = file.blob !== null && file.fileSize <= budget;
      if (hashed) budget -= file.fileSize;
      const sha256 = hashed && file.blob ? await digest(file.blob) : null;
      if (file.blob !== null && sha256 === null) skipped += 1;
      listed.push({ fileName: clip(file.fileName), fileSize: file.fileSize, sha256 });
    }
    return { listed, skipped };
  };

  /** One version as it stands now: its registry fields and its source experiment's metrics, parameters, tags and files. */
  const versionFacts = async (version: RegistryVersion): Promise<EvidenceVersion> => {
    const experiment = version.experimentModelRowId === null ? undefined : await experiments.byKey(version.sourceExperimentKey);
    const metrics = experiment ? (await loggedData.values.summaries(experiment.id, 'metric')).sort(metricOrder) : [];
    const parameters = experiment ? await loggedData.values.summaries(experiment.id, 'parameter') : [];
    const tags = experiment ? await loggedData.tags.list(experiment.id) : [];
    const storedFiles = version.experimentModelRowId === null ? [] : await assets.listOfModels([version.experimentModelRowId]);
    const [m, p, t, f] = [bounded(metrics, EVIDENCE_LIMITS.metrics), bounded(parameters, EVIDENCE_LIMITS.parameters), bounded(tags, EVIDENCE_LIMITS.tags), bounded(storedFiles, EVIDENCE_LIMITS.files)];
    const files = await filesOf(f.kept);
    const metadataFits = JSON.stringify(version.metadata).length <= EVIDENCE_LIMITS.metadataChars;
    return {
      registryModelItemId: version.uuid,
      version: version.version,
      status: version.status,
      stages: [...version.stages],
      experimentKey: version.sourceExperimentKey,
      experimentModelName: version.sourceModelName,
      metrics: m.kept.map(toValue),
      parameters: p.kept.map(toValue),
      files: files.listed,
      tags: t.kept.map(clip),
      metadata: metadataFits ? version.metadata : {},
      omitted: { metrics: m.omitted, parameters: p.omitted, files: f.omitted, tags: t.omitted, checksums: files.skipped, metadata: !metadataFits },
      experimentGone: experiment === undefined,
    };
  };

  /** The other version holding the request's stage or status now (values compared without regard to case; the newest if several). */
  const holderOf = async (found: FoundVersion, request: PromotionRequest): Promise<RegistryVersion | null> => {
    const value = request.value.toLowerCase();
    const holds = (version: RegistryVersion) => (request.kind === 'stage' ? version.stages.some((stage) => stage.toLowerCase() === value) : version.status.toLowerCase() === value);
    const holders = (await registry.versions(found.model.id)).filter((version) => version.id !== found.version.id && holds(version));
    return holders.sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)[0] ?? null;
  };

  return {
    /** Records what the request's change looks like now (call in the transaction that files or decides it, before a change is made). */
    async record(caller: Caller, found: FoundVersion, request: PromotionRequest, moment: EvidenceSnapshot['moment']): Promise<void> {
      const holder = await holderOf(found, request);
      await promotionEvidence.record(request.id, {
        moment,
        state: request.state,
        capturedAt: services.now(),
        capturedBy: caller.userName,
        candidate: await versionFacts(found.version),
        holder: holder && (await versionFacts(holder)),
      });
    },
  };
}
