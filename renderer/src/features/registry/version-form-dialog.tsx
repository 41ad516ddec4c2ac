import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useApiMutation, useApiQuery, useInvalidateApi } from '../../lib/api.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useGuardedClose } from '../../shell/guarded-close.ts';
import { useNotify } from '../../shell/notify.tsx';
import { ruleFor } from './promotion/governance.ts';
import { ExperimentModelPicker, type PickedModel } from './experiment-model-picker.tsx';
import { StagesField, useStageSuggestions } from './stage-inputs.tsx';
import { normalizeStages } from './stages.ts';
import { checkNewVersion, DEFAULT_VERSION, suggestNextVersion } from './version-check.ts';
import { VersionField } from './version-field.tsx';
import { runMutation } from '../../lib/run-mutation.ts';

/** Register a new model (E17), or add a version to `model` (E18): both from an experiment's model. */
export type VersionFormTarget = { kind: 'register' } | { kind: 'version'; modelName: string; versions: readonly { version: string; stages: readonly string[] }[] };

const invalidate = ['listRegistryModels', 'countRegistryModels', 'registryModelDetails', 'listExperimentModels', 'listWebhookDeliveries', 'listPromotionRequests'] as const;

/** The form of E17 (register a model with its first version) and E18 (a new version of a model), version checked before sending. */
export function VersionFormDialog({
  workspaceName,
  target,
  onClose,
  onDone,
  logged,
}: {
  workspaceName: string;
  target: VersionFormTarget;
  /** A model logged by a run, registered from that run's page: preselected, and the name prefilled from it. */
  logged?: PickedModel;
  onClose: () => void;
  onDone: (modelName: string) => void;
}) {
  const notify = useNotify();
  const refresh = useInvalidateApi();
  const existing = target.kind === 'version' ? target.versions.map((version) => version.version) : [];
  const suggestions = useStageSuggestions(workspaceName, target.kind === 'version' ? target.versions : []);
  const [picked, setPicked] = useState<PickedModel | undefined>(logged);
  const [name, setName] = useState<string | undefined>(undefined);
  const [description, setDescription] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [version, setVersion] = useState(target.kind === 'version' ? suggestNextVersion(existing) : DEFAULT_VERSION);
  const [comment, setComment] = useState('');
  const [stages, setStages] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState(false);
  const register = useApiMutation('createRegistryModel', { invalidate });
  const addVersion = useApiMutation('createRegistryModelVersion', { invalidate });
  const mutation = target.kind === 'register' ? register : addVersion;
  const modelName = target.kind === 'version' ? target.modelName : (name ?? picked?.modelName ?? '').trim();
  const check = checkNewVersion(version, existing);
  // A new model falls under the workspace's default policy; a new version under its model's.
  const policy = useApiQuery('registryPolicy', target.kind === 'version' ? { workspaceName, modelName: target.modelName } : { workspaceName });
  const held = normalizeStages(stages).filter((stage) => policy.data && ruleFor(policy.data.effective, { kind: 'stage', value: stage }));
  const typed = (picked !== undefined && !logged) || name !== undefined || description !== '' || comment !== '' || stages.length > 0;
  const closeOutside = useGuardedClose(typed, onClose);
  const problems = {
    picked: picked ? undefined : 'Choose the experiment model to register.',
    name: modelName ? undefined : 'Enter the registry model name.',
  };
  const submit = () => {
    setSubmitted(true);
    if (!picked || !modelName || !check.ok) return;
    const common = { experimentModelId: picked.experimentModelId, registryModelName: modelName, version: check.version, comment, stages: normalizeStages(stages) };
    const made = target.kind === 'register' ? `Registered ${modelName} ${check.version}` : `Added version ${check.version} to ${modelName}`;
    const done = () => {
      notify.success(`${made}.`);
      onDone(modelName);
    };
    // 202: the version was made, its protected stages held back as promotion requests.
    const requested = (error: { code: string; message: string }) => {
      if (error.code !== 'pending_approval') return;
      void refresh(invalidate);
      notify.success(`${made}; a promotion request was filed for ${held.join(', ') || 'its protected stages'}: ${error.message}`);
      onDone(modelName);
    };
    if (target.kind === 'register') runMutation(register, { body: { ...common, description, isPublic } }, { onSuccess: done, onError: requested });
    else runMutation(addVersion, { body: common }, { onSuccess: done, onError: requested });
  };
  const title = target.kind === 'register' ? 'Register a model' : `New version of ${target.modelName}`;
  return (
    <Dialog open onClose={closeOutside} aria-labelledby="version-form-title" maxWidth="sm" fullWidth>
      <DialogTitle id="version-form-title">{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {logged ? (
            <TextField label="Experiment model" value={`${logged.modelName} of run ${logged.experimentKey.slice(0, 8)}`} slotProps={{ htmlInput: { readOnly: true } }} />
          ) : (
            <ExperimentModelPicker workspaceName={workspaceName} value={picked} onChange={setPicked} error={submitted ? problems.picked : undefined} />
          )}
          {target.kind === 'register' && (
            <>
              <TextField
                label="Registry model name"
                value={name ?? picked?.modelName ?? ''}
                onChange={(event) => setName(event.target.value)}
                error={submitted && Boolean(problems.name)}
                helperText={(submitted && problems.name) || 'The name in the registry of this workspace.'}
                required
              />
              <TextField label="Description" value={description} onChange={(event) => setDescription(event.target.value)} multiline minRows={2} />
              <RadioGroup row aria-label="Visibility" value={isPublic ? 'public' : 'private'} onChange={(event) => setIsPublic(event.target.value === 'public')}>
                <FormControlLabel value="private" control={<Radio />} label="Private" />
                <FormControlLabel value="public" control={<Radio />} label="Public" />
              </RadioGroup>
            </>
          )}
          <VersionField value={version} onChange={setVersion} existing={existing} showErrors={submitted} />
          <TextField label="Comment" value={comment} onChange={(event) => setComment(event.target.value)} multiline minRows={2} />
          <StagesField value={stages} onChange={setStages} suggestions={suggestions} />
          {target.kind === 'version' && stages.some((stage) => target.versions.some((other) => other.stages.includes(stage))) && (
            <Alert severity="info">Other versions keep the stages they hold; to move a stage, use “Stages…” on the new version.</Alert>
          )}
          {held.length > 0 && (
            <Alert severity="warning" aria-label="Approval needed">
              The approval policy protects {held.join(', ')}: the version is created without {held.length === 1 ? 'it' : 'them'} and a promotion request is filed; the version gets{' '}
              {held.length === 1 ? 'it' : 'them'} once another user approves.
            </Alert>
          )}
          {mutation.error && mutation.error.code !== 'pending_approval' && <Alert severity="error">Could not save: {mutation.error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <BusyButton variant="contained" busy={mutation.isPending} onClick={submit}>
          {target.kind === 'register' ? 'Register model' : 'Create version'}
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
