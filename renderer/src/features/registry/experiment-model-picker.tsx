import { Alert, Autocomplete, Box, Chip, createFilterOptions, MenuItem, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ExperimentMetadata } from '../../../../shared/api/experiments.ts';
import { callBulk, useApiQuery } from '../../lib/api.ts';
import { useActiveProfile } from '../../lib/profiles.tsx';

/** The experiment model chosen as the source of a registry version. */
export interface PickedModel {
  experimentModelId: string;
  experimentKey: string;
  modelName: string;
}

const experimentLabel = (experiment: ExperimentMetadata): string =>
  experiment.experimentName ? `${experiment.experimentName} (${experiment.experimentKey.slice(0, 8)})` : experiment.experimentKey;
const filterExperiments = createFilterOptions<ExperimentMetadata>({ limit: 200, stringify: experimentLabel });

/** How many of a project's experiments are checked for logged models (the newest first), one read each. */
const MARKED_EXPERIMENTS = 200;

/** The keys of the project's experiments (its newest `MARKED_EXPERIMENTS`) that logged a model, to mark them in the picker. */
function useExperimentsWithModels(projectId: string, experiments: readonly ExperimentMetadata[] | undefined): ReadonlySet<string> {
  const profileId = useActiveProfile().id;
  const keys = [...(experiments ?? [])].sort((a, b) => b.startTimeMillis - a.startTimeMillis).slice(0, MARKED_EXPERIMENTS).map((experiment) => experiment.experimentKey);
  const marked = useQuery({
    queryKey: [profileId, 'experimentsWithModels', projectId, keys],
    queryFn: async () => {
      const outcomes = await callBulk('listExperimentModels', keys.map((experimentKey) => ({ query: { experimentKey } })), profileId);
      return new Set(keys.filter((_, at) => { const outcome = outcomes[at]; return outcome?.ok === true && outcome.data.models.length > 0; }));
    },
    enabled: keys.length > 0,
  });
  return marked.data ?? new Set();
}

/** Picks a project, one of its experiments, and one of that experiment's models (from the `experiment/model` read). */
export function ExperimentModelPicker({
  workspaceName,
  value,
  onChange,
  error,
}: {
  workspaceName: string;
  value: PickedModel | undefined;
  onChange: (model: PickedModel | undefined) => void;
  error: string | undefined;
}) {
  const [projectId, setProjectId] = useState('');
  const [experiment, setExperiment] = useState<ExperimentMetadata | null>(null);
  // Experiments and their models are often made by scripts while the app is open: read them afresh for every pick.
  const projects = useApiQuery('listProjects', { workspaceName }, { refetchOnMount: 'always' });
  const experiments = useApiQuery('listExperiments', { projectId }, { enabled: projectId !== '', refetchOnMount: 'always' });
  const withModels = useExperimentsWithModels(projectId, experiments.data?.experiments);
  const experimentKey = experiment?.experimentKey ?? '';
  const models = useApiQuery('listExperimentModels', { experimentKey }, { enabled: experimentKey !== '', refetchOnMount: 'always' });
  const modelList = models.data?.models ?? [];
  const failure = projects.error ?? experiments.error ?? models.error;
  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Project"
        value={projectId}
        onChange={(event) => {
          setProjectId(event.target.value);
          setExperiment(null);
          onChange(undefined);
        }}
        helperText={projects.data?.projects.length === 0 ? `${workspaceName} has no projects.` : ' '}
      >
        {(projects.data?.projects ?? []).map((project) => (
          <MenuItem key={project.projectId} value={project.projectId}>
            {project.projectName}
          </MenuItem>
        ))}
      </TextField>
      <Autocomplete
        options={experiments.data?.experiments ?? []}
        value={experiment}
        disabled={projectId === ''}
        loading={experiments.isFetching}
        filterOptions={filterExperiments}
        getOptionLabel={experimentLabel}
        isOptionEqualToValue={(option, chosen) => option.experimentKey === chosen.experimentKey}
        onChange={(_, chosen) => {
          setExperiment(chosen);
          onChange(undefined);
        }}
        renderOption={({ key, ...props }, option) => (
          <Box component="li" key={key} {...props}>
            {experimentLabel(option)}
            {withModels.has(option.experimentKey) && <Chip size="small" label="logged a model" sx={{ ml: 1 }} />}
          </Box>
        )}
        renderInput={(params) => <TextField {...params} label="Experiment" helperText="Type to search by name or key; “logged a model” marks the runs that did." />}
      />
      <TextField
        select
        label="Experiment model"
        value={value?.experimentModelId ?? ''}
        disabled={experimentKey === '' || modelList.length === 0}
        error={Boolean(error)}
        helperText={error ?? (models.data && modelList.length === 0 ? 'This experiment has no models yet: log one from its training script (experiment.log_model), then choose it here.' : ' ')}
        onChange={(event) => {
          const model = modelList.find((candidate) => candidate.experimentModelId === event.target.value);
          onChange(model && { experimentModelId: model.experimentModelId, experimentKey: model.experimentKey, modelName: model.modelName });
        }}
      >
        {modelList.map((model) => (
          <MenuItem key={model.experimentModelId} value={model.experimentModelId}>
            {model.modelName}
            {model.registryRecords.length > 0 && ` (registered: ${model.registryRecords.map((record) => `${record.registryModelName} ${record.version}`).join(', ')})`}
          </MenuItem>
        ))}
      </TextField>
      {failure && <Alert severity="error">Could not load the choices: {failure.message}</Alert>}
    </Stack>
  );
}
