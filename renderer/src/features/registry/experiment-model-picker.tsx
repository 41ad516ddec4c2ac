import { Alert, Autocomplete, createFilterOptions, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import type { ExperimentMetadata } from '../../../../shared/api/experiments.ts';
import { useApiQuery } from '../../lib/api.ts';

/** The experiment model chosen as the source of a registry version. */
export interface PickedModel {
  experimentModelId: string;
  experimentKey: string;
  modelName: string;
}

const experimentLabel = (experiment: ExperimentMetadata): string =>
  experiment.experimentName ? `${experiment.experimentName} (${experiment.experimentKey.slice(0, 8)})` : experiment.experimentKey;
const filterExperiments = createFilterOptions<ExperimentMetadata>({ limit: 200, stringify: experimentLabel });

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
        renderInput={(params) => <TextField {...params} label="Experiment" helperText="Type to search by name or key." />}
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
