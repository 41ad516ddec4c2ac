import {
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import { useState } from 'react';
import { useApiQuery } from '../../lib/api.ts';
import { entryProblems } from './entry-validation.ts';
import { fromHeaderRows, HeaderRows, toHeaderRows, type HeaderRow } from './header-rows.tsx';
import { webhookBodyFormats, webhookTriggers, type WebhookBodyFormat } from '../../../../shared/api/webhooks.ts';
import { BODY_FORMAT_LABELS, entryKey, EVENT_LABELS, type SecretChange, type WebhookEntry } from './webhook-model.ts';
import { useGuardedClose } from '../../shell/guarded-close.ts';

type SecretChoice = 'keep' | 'set' | 'clear';

/** A blank entry for "Add webhook". */
export const blankEntry = (): WebhookEntry => ({
  id: `new:${crypto.randomUUID()}`,
  modelName: '',
  name: '',
  url: '',
  headers: [],
  triggers: [],
  hasSecret: false,
  secret: { action: 'keep' },
});

function secretChange(choice: SecretChoice, value: string): SecretChange {
  return choice === 'set' ? { action: 'set', value } : { action: choice };
}

/** Adds or edits one entry of the configuration being edited (nothing is sent until the configuration is saved). */
export function EntryDialog({
  workspaceName,
  initial,
  others,
  onApply,
  onClose,
}: {
  workspaceName: string;
  initial: WebhookEntry;
  others: readonly WebhookEntry[];
  onApply: (entry: WebhookEntry) => void;
  onClose: () => void;
}) {
  const models = useApiQuery('listRegistryModels', { workspaceName });
  const adding = !others.some((other) => other.id === initial.id);
  const [scope, setScope] = useState<'all' | 'one'>(initial.modelName ? 'one' : 'all');
  const [modelName, setModelName] = useState(initial.modelName);
  const [name, setName] = useState(initial.name);
  const [url, setUrl] = useState(initial.url);
  const [rows, setRows] = useState<HeaderRow[]>(() => toHeaderRows(initial.headers));
  const [triggers, setTriggers] = useState<string[]>([...initial.triggers]);
  const [bodyFormat, setBodyFormat] = useState<WebhookBodyFormat>(initial.bodyFormat ?? 'trackdesk');
  const [secretChoice, setSecretChoice] = useState<SecretChoice>(initial.secret.action);
  const [secretValue, setSecretValue] = useState(initial.secret.action === 'set' ? initial.secret.value : '');
  const [checked, setChecked] = useState(false);
  const scoped = { modelName: scope === 'one' ? modelName.trim() : '', url: url.trim() };
  const moved = entryKey(scoped) !== entryKey(initial);
  const entry: WebhookEntry = {
    ...initial,
    // Another address or model is another entry on the service: it gets its own id (the saved one can still be restored)
    // and not the stored secret, which belongs to the old (model, address).
    id: moved ? `new:${initial.id}:${scoped.modelName}:${scoped.url}` : initial.id,
    hasSecret: moved ? false : initial.hasSecret,
    modelName: scoped.modelName,
    name,
    url: scoped.url,
    headers: fromHeaderRows(rows),
    triggers: webhookTriggers.filter((trigger) => triggers.includes(trigger)),
    bodyFormat,
    secret: secretChange(secretChoice, secretValue),
  };
  const problems = entryProblems(entry, others);
  if (scope === 'one' && !entry.modelName) problems.modelName = 'Enter the model name, or choose every model.';
  const shown = checked ? problems : {};
  const apply = () => {
    setChecked(true);
    if (Object.keys(problems).length === 0) onApply(entry);
  };
  const modelNames = (models.data?.registryModels ?? []).map((model) => model.modelName);
  const typed =
    name !== initial.name ||
    url !== initial.url ||
    modelName !== initial.modelName ||
    JSON.stringify(entry.headers) !== JSON.stringify(initial.headers) ||
    entry.triggers.join() !== initial.triggers.join() ||
    bodyFormat !== (initial.bodyFormat ?? 'trackdesk') ||
    JSON.stringify(entry.secret) !== JSON.stringify(initial.secret);
  const closeOutside = useGuardedClose(typed, onClose);
  return (
    <Dialog open onClose={closeOutside} aria-labelledby="entry-title" maxWidth="md" fullWidth>
      <DialogTitle id="entry-title">{adding ? 'Add webhook' : `Edit webhook ${initial.url}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ mt: 1 }}>
          <FormControl>
            <FormLabel id="scope-label">Notify about</FormLabel>
            <RadioGroup row aria-labelledby="scope-label" value={scope} onChange={(event) => setScope(event.target.value as 'all' | 'one')}>
              <FormControlLabel value="all" control={<Radio />} label="Every model of the workspace" />
              <FormControlLabel value="one" control={<Radio />} label="One model" />
            </RadioGroup>
          </FormControl>
          {scope === 'one' && (
            <Autocomplete
              freeSolo
              options={modelNames}
              inputValue={modelName}
              onInputChange={(_, value) => setModelName(value)}
              renderInput={(params) => <TextField {...params} label="Model name" error={Boolean(shown.modelName)} helperText={shown.modelName} />}
            />
          )}
          <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} error={Boolean(shown.name)} helperText={shown.name ?? 'Optional, to recognise the entry.'} />
          <TextField
            label="Address (URL)"
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            onBlur={() => url.trim() && setChecked(true)}
            error={Boolean(shown.url)}
            helperText={shown.url ?? 'An http or https address that accepts a POST with a JSON body.'}
            required
          />
          <HeaderRows rows={rows} errors={shown} onChange={setRows} />
          <FormControl component="fieldset">
            <FormLabel component="legend">Triggers</FormLabel>
            <FormGroup row>
              {webhookTriggers.map((trigger) => (
                <FormControlLabel
                  key={trigger}
                  control={
                    <Checkbox
                      checked={triggers.includes(trigger)}
                      onChange={(event) => setTriggers((chosen) => (event.target.checked ? [...chosen, trigger] : chosen.filter((item) => item !== trigger)))}
                    />
                  }
                  label={`Trigger: ${EVENT_LABELS[trigger]}`}
                />
              ))}
            </FormGroup>
            <FormHelperText>With no trigger chosen the address receives stage changes only; the other events go to entries that name them.</FormHelperText>
          </FormControl>
          <FormControl>
            <FormLabel id="body-format-label">Body of run events (crashed, finished, alerts)</FormLabel>
            <RadioGroup row aria-labelledby="body-format-label" value={bodyFormat} onChange={(event) => setBodyFormat(event.target.value as WebhookBodyFormat)}>
              {webhookBodyFormats.map((format) => (
                <FormControlLabel key={format} value={format} control={<Radio />} label={BODY_FORMAT_LABELS[format]} />
              ))}
            </RadioGroup>
            <FormHelperText>A Slack message suits an incoming-webhook address: one line of text with the run's link. Registry events keep their JSON body.</FormHelperText>
          </FormControl>
          <FormControl error={Boolean(shown.secret)}>
            <FormLabel id="secret-label">Signing secret {initial.hasSecret ? '(one is set)' : '(none is set)'}</FormLabel>
            <RadioGroup row aria-labelledby="secret-label" value={secretChoice} onChange={(event) => setSecretChoice(event.target.value as SecretChoice)}>
              <FormControlLabel value="keep" control={<Radio />} label={initial.hasSecret ? 'Keep it' : 'No secret'} />
              <FormControlLabel value="set" control={<Radio />} label={initial.hasSecret ? 'Replace it' : 'Set one'} />
              {initial.hasSecret && <FormControlLabel value="clear" control={<Radio />} label="Remove it" />}
            </RadioGroup>
            {secretChoice === 'set' && (
              <TextField
                label="New signing secret"
                type="password"
                value={secretValue}
                onChange={(event) => setSecretValue(event.target.value)}
                slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
                sx={{ mt: 1 }}
              />
            )}
            {moved && initial.hasSecret && secretChoice === 'keep' && (
              <FormHelperText>The stored secret belongs to the old address or model and does not move: set it again to sign.</FormHelperText>
            )}
            <FormHelperText>
              {shown.secret ?? 'Notifications are signed with HMAC-SHA256 (X-Trackdesk-Signature). The secret is write-only: it is never shown again.'}
            </FormHelperText>
          </FormControl>
          {checked && Object.keys(problems).length > 0 && <Alert severity="error">Correct the marked fields first.</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={apply}>
          {adding ? 'Add entry' : 'Apply changes'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
