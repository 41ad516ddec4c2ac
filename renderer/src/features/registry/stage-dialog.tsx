import CancelIcon from '@mui/icons-material/Cancel';
import { Alert, Box, Button, Checkbox, Chip, Dialog, DialogActions, DialogContent, DialogTitle, Divider, FormControlLabel, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { z } from 'zod';
import type { registryVersionRecord } from '../../../../shared/api/registry.ts';
import { useApiQuery } from '../../lib/api.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useConfirm } from '../../shell/confirm.tsx';
import { guardSteps, requestNotice } from './guarded-stages.ts';
import { policyText, ruleFor } from './promotion/governance.ts';
import { StageNameField, StagesField, useStageSuggestions } from './stage-inputs.tsx';
import { StageResult } from './stage-result.tsx';
import { holdersOf, normalizeStages, planAddStage, planSetStages, type StageHolder, type StageStep } from './stages.ts';
import { useStageChange, type ModelRef, type StageChangeResult } from './use-stage-change.ts';

/** A registry version as the details read returns it. */
export type RegistryVersion = z.infer<typeof registryVersionRecord>;

const holderText = (holders: readonly StageHolder[]): string => holders.map((holder) => `${holder.stages.join(', ')} on ${holder.version}`).join('; ');

/** Confirmation of a plan, asked before it runs. */
interface Ask {
  title: string;
  message: string;
  confirmLabel: string;
  destructive?: boolean;
}

/**
 * Promotes one version: add or remove a stage (E25/E26), or set stages and comment together (E19), moving held stages on request.
 * A stage the approval policy protects is asked for instead (a promotion request), and the dialog says so before anything is sent.
 */
export function StageDialog({ model, versions, target, onClose }: { model: ModelRef; versions: readonly RegistryVersion[]; target: RegistryVersion; onClose: () => void }) {
  const confirm = useConfirm();
  const suggestions = useStageSuggestions(model.workspaceName, versions);
  const change = useStageChange(model, versions);
  const [result, setResult] = useState<StageChangeResult | undefined>(undefined);
  const [stage, setStage] = useState('');
  const name = stage.trim();
  const addHolders = name ? holdersOf(versions, target.registryModelItemId, [name]) : [];
  const policy = useApiQuery('registryPolicy', { workspaceName: model.workspaceName, modelName: model.modelName });
  const ruleOf = (value: string) => (policy.data ? ruleFor(policy.data.effective, { kind: 'stage', value }) : undefined);
  const isProtected = (value: string) => ruleOf(value) !== undefined;
  const addRule = name ? ruleOf(name) : undefined;

  /** Runs a plan fitted to the policy, confirming first when asked to or when it files a request (saying so). */
  const run = async (planned: StageStep[], ask?: Ask) => {
    const steps = guardSteps(planned, target.registryModelItemId, isProtected);
    if (steps.length === 0) return;
    const notice = requestNotice(steps, target.registryModelItemId, target.stages, isProtected);
    if (notice) {
      const others = steps.some((step) => step.kind !== 'request' && !(step.kind === 'add' && isProtected(step.stage)));
      const confirmed = await confirm({ title: `File a promotion request for ${target.version}?`, message: `${notice}${others ? ' The other changes are made at once.' : ''}`, confirmLabel: 'File request' });
      if (!confirmed) return;
    } else if (ask && !(await confirm(ask))) return;
    const outcome = await change.run(steps);
    setResult(outcome);
    if (outcome.outcomes.every((step) => step.state === 'done' || step.state === 'requested')) setStage('');
  };
  const remove = (removed: string) =>
    run([{ kind: 'remove', registryModelItemId: target.registryModelItemId, version: target.version, stage: removed }], {
      title: `Remove ${removed} from ${target.version}?`,
      message: `Version ${target.version} of “${model.modelName}” will no longer be in ${removed}. Webhooks of the model are notified.`,
      confirmLabel: `Remove ${removed}`,
      destructive: true,
    });
  const move = () =>
    run(planAddStage(versions, target, name, true), {
      title: `Move ${name} to ${target.version}?`,
      message: `${name} is held by ${addHolders.map((holder) => holder.version).join(', ')}. Moving removes it there and adds it to ${target.version}: each change notifies the model’s webhooks.`,
      confirmLabel: `Move ${name}`,
    });
  const saveSet = async (stages: string[], comment: string, setHolders: StageHolder[]) => {
    const next = normalizeStages(stages).join(', ') || 'no stages';
    const dropped = target.stages.filter((held) => !normalizeStages(stages).includes(held));
    const ask: Ask | undefined =
      setHolders.length > 0
        ? { title: `Set the stages of ${target.version} and move held ones?`, message: `This first removes ${holderText(setHolders)}, then sets ${target.version} to ${next}.`, confirmLabel: 'Move and save' }
        : dropped.length > 0
          ? {
              title: `Remove ${dropped.join(', ')} from ${target.version}?`,
              message: `Version ${target.version} of “${model.modelName}” will be in ${next}. Webhooks of the model are notified.`,
              confirmLabel: 'Save stages',
              destructive: true,
            }
          : undefined;
    await run(planSetStages(versions, target, stages, comment === target.comment ? undefined : comment, setHolders.length > 0), ask);
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
              {addRule ? `Request ${name}` : 'Add stage'}
            </BusyButton>
          ) : (
            <>
              <BusyButton variant="contained" busy={change.running} onClick={() => void move()}>
                {addRule ? `Request moving ${name} here` : `Move ${name} here`}
              </BusyButton>
              <Button disabled={change.running} onClick={() => void run(planAddStage(versions, target, name, false))}>
                {addRule ? 'Request without moving' : 'Add without moving'}
              </Button>
            </>
          )}
        </Stack>
        {addHolders.length > 0 && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {name} is held by version {addHolders.map((holder) => holder.version).join(', ')}.
          </Alert>
        )}
        {addRule && (
          <Alert severity="warning" sx={{ mt: 1 }} aria-label="Approval needed">
            {policyText(addRule, { kind: 'stage', value: name })} Adding it files a promotion request; nothing changes until it is approved.
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
