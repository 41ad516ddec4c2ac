import CancelIcon from '@mui/icons-material/Cancel';
import { Alert, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { z } from 'zod';
import type { registryVersionRecord } from '../../../../shared/api/registry.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { StageNameField, StagesField, useStageSuggestions } from './stage-inputs.tsx';
import { StageResult } from './stage-result.tsx';
import { holdersOf, normalizeStages, planAddStage, planSetStages, type StageHolder, type StageStep } from './stages.ts';
import { useStageChange, type ModelRef, type StageChangeResult } from './use-stage-change.ts';

/** A registry version as the details read returns it. */
export type RegistryVersion = z.infer<typeof registryVersionRecord>;

const holderText = (holders: readonly StageHolder[]): string => holders.map((holder) => `${holder.stages.join(', ')} on ${holder.version}`).join('; ');

/** Promotes one version: add or remove a stage (E25/E26), or set stages and comment together (E19), moving held stages on request. */
export function StageDialog({ model, versions, target, onClose }: { model: ModelRef; versions: readonly RegistryVersion[]; target: RegistryVersion; onClose: () => void }) {
  const confirm = useConfirm();
  const suggestions = useStageSuggestions(model.workspaceName, versions);
  const change = useStageChange(model, versions);
  const [result, setResult] = useState<StageChangeResult | undefined>(undefined);
  const [stage, setStage] = useState('');
  const name = stage.trim();
  const addHolders = name ? holdersOf(versions, target.registryModelItemId, [name]) : [];

  const run = async (steps: StageStep[]) => {
    if (steps.length === 0) return;
    const outcome = await change.run(steps);
    setResult(outcome);
    if (outcome.outcomes.every((step) => step.state === 'done')) setStage('');
  };
  const remove = async (removed: string) => {
    const confirmed = await confirm({
      title: `Remove ${removed} from ${target.version}?`,
      message: `Version ${target.version} of “${model.modelName}” will no longer be in ${removed}. Webhooks of the model are notified.`,
      confirmLabel: `Remove ${removed}`,
      destructive: true,
    });
    if (confirmed) await run([{ kind: 'remove', registryModelItemId: target.registryModelItemId, version: target.version, stage: removed }]);
  };
  const move = async () => {
    const confirmed = await confirm({
      title: `Move ${name} to ${target.version}?`,
      message: `${name} is held by ${addHolders.map((holder) => holder.version).join(', ')}. Moving removes it there and adds it to ${target.version}: each change notifies the model’s webhooks.`,
      confirmLabel: `Move ${name}`,
    });
    if (confirmed) await run(planAddStage(versions, target, name, true));
  };
  const saveSet = async (stages: string[], comment: string, setHolders: StageHolder[]) => {
    const next = normalizeStages(stages).join(', ') || 'no stages';
    const dropped = target.stages.filter((held) => !normalizeStages(stages).includes(held));
    if (setHolders.length > 0) {
      const confirmed = await confirm({
        title: `Set the stages of ${target.version} and move held ones?`,
        message: `This first removes ${holderText(setHolders)}, then sets ${target.version} to ${next}.`,
        confirmLabel: 'Move and save',
      });
      if (!confirmed) return;
    } else if (dropped.length > 0) {
      const confirmed = await confirm({
        title: `Remove ${dropped.join(', ')} from ${target.version}?`,
        message: `Version ${target.version} of “${model.modelName}” will be in ${next}. Webhooks of the model are notified.`,
        confirmLabel: 'Save stages',
        destructive: true,
      });
      if (!confirmed) return;
    }
    await run(planSetStages(versions, target, stages, comment === target.comment ? undefined : comment, setHolders.length > 0));
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="stage-title" maxWidth="md" fullWidth>
      <DialogTitle id="stage-title">
        Stages of {model.modelName} {target.version}
      </DialogTitle>
      <DialogContent>
        <Typography variant="subtitle2">Current stages</Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }} aria-label="Current stages">
          {target.stages.length === 0 && <Typography variant="body2">None</Typography>}
          {target.stages.map((held) => (
            <Chip
              key={held}
              label={held}
              onDelete={change.running ? undefined : () => void remove(held)}
              deleteIcon={<CancelIcon aria-label={`Remove stage ${held}`} aria-hidden={false} role="button" />}
            />
          ))}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
          <StageNameField value={stage} onChange={setStage} suggestions={suggestions} exclude={target.stages} />
          {addHolders.length === 0 ? (
            <BusyButton variant="contained" busy={change.running} disabled={!name || target.stages.includes(name)} onClick={() => void run(planAddStage(versions, target, name, false))}>
              Add stage
            </BusyButton>
          ) : (
            <>
              <BusyButton variant="contained" busy={change.running} onClick={() => void move()}>
                Move {name} here
              </BusyButton>
              <Button disabled={change.running} onClick={() => void run(planAddStage(versions, target, name, false))}>
                Add without moving
              </Button>
            </>
          )}
        </Stack>
        {addHolders.length > 0 && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {name} is held by version {addHolders.map((holder) => holder.version).join(', ')}.
          </Alert>
        )}
        <Divider sx={{ my: 2 }} />
        <SetStagesForm
          key={`${target.stages.join('\n')}|${target.comment}`}
          target={target}
          versions={versions}
          suggestions={suggestions}
          running={change.running}
          onSave={(stages, comment, holders) => void saveSet(stages, comment, holders)}
        />
        {result && <StageResult workspaceName={model.workspaceName} modelName={model.modelName} result={result} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

function SetStagesForm({
  target,
  versions,
  suggestions,
  running,
  onSave,
}: {
  target: RegistryVersion;
  versions: readonly RegistryVersion[];
  suggestions: readonly string[];
  running: boolean;
  onSave: (stages: string[], comment: string, movedFrom: StageHolder[]) => void;
}) {
  const [stages, setStages] = useState<string[]>([...target.stages]);
  const [comment, setComment] = useState(target.comment);
  const [move, setMove] = useState(true);
  const gained = normalizeStages(stages).filter((candidate) => !target.stages.includes(candidate));
  const holders = holdersOf(versions, target.registryModelItemId, gained);
  return (
    <Box component="section" aria-label="Set stages and comment together">
      <Typography variant="subtitle2" gutterBottom>
        Set stages and comment together
      </Typography>
      <Stack spacing={2}>
        <StagesField label="New stages" value={stages} onChange={setStages} suggestions={suggestions} />
        <TextField label="Comment" value={comment} onChange={(event) => setComment(event.target.value)} multiline minRows={2} />
        {holders.length > 0 && (
          <FormControlLabel
            control={<Checkbox checked={move} onChange={(event) => setMove(event.target.checked)} />}
            label={`Move from the versions holding them (${holderText(holders)})`}
          />
        )}
      </Stack>
      <BusyButton sx={{ mt: 1 }} variant="outlined" busy={running} onClick={() => onSave(stages, comment, move ? holders : [])}>
        Save stages and comment
      </BusyButton>
    </Box>
  );
}
