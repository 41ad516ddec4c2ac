import type { HandlerTable } from '../http/handler.ts';
import type { Experiment } from '../experiments/index.ts';
import type { AssetServices } from './services.ts';
import { artifactVersionOf } from './artifact-handlers.ts';
import { sendModelZip } from './model-zip.ts';

/** A run as a version's lineage names it. */
const runOf = (experiment: Experiment) => ({ experimentKey: experiment.key, experimentName: experiment.name, projectName: experiment.projectName });

/** Handlers of the reads the app's Artifacts screen adds: a version's lineage (producer and consumers) and its files as one zip. */
export function createArtifactScreenHandlers(services: AssetServices): HandlerTable {
  const { artifactLineage, assets, blobs, experiments } = services;
  return {
    getArtifactVersionLineage: async ({ query, caller }) => {
      const { version } = await artifactVersionOf(services, caller, query.artifactVersionId);
      const producer = await experiments.byKey(version.experimentKey);
      const consumers = [];
      for (const { experimentId, consumedAt } of await artifactLineage.consumers(version.id)) {
        const consumer = await experiments.byId(experimentId);
        if (consumer) consumers.push({ ...runOf(consumer), consumedAt });
      }
      return { producer: producer ? runOf(producer) : null, consumers };
    },
    downloadArtifactVersion: async ({ query, caller, reply }) => {
      const { artifact, version } = await artifactVersionOf(services, caller, query.artifactVersionId);
      return sendModelZip(reply, blobs, await assets.listOfArtifactVersion(version.uuid), `${artifact.name}_${version.version}.zip`);
    },
  };
}
