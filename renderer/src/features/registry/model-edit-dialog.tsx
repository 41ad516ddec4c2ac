import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { api } from '../../../../shared/api/index.ts';
import { useApiMutation } from '../../lib/api.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import { BusyButton } from '../../shell/busy-button.tsx';
import { useNotify } from '../../shell/notify.tsx';
import { useGuardedClose } from '../../shell/guarded-close.ts';
import { runMutation } from '../../lib/run-mutation.ts';

/** What E21 edits of a model. */
interface EditableModel {
  registryModelId: string;
  modelName: string;
  description: string;
  isPublic: boolean;
}

/** Edits a model's name, description and visibility (E21); a failed save keeps what was typed. */
export function ModelEditDialog({ model, onClose, onSaved }: { model: EditableModel; onClose: () => void; onSaved: (modelName: string) => void }) {
  const notify = useNotify();
  const [name, setName] = useState(model.modelName);
  const [description, setDescription] = useState(model.description);
  const [isPublic, setIsPublic] = useState(model.isPublic);
  const [submitted, setSubmitted] = useState(false);
  const closeOutside = useGuardedClose(name !== model.modelName || description !== model.description || isPublic !== model.isPublic, onClose);
  const save = useApiMutation('updateRegistryModel', { invalidate: ['listRegistryModels', 'registryModelDetails', 'getWebhookConfig'] });
  const body = { registryModelId: model.registryModelId, registryModelName: name.trim(), description, isPublic };
  const errors = fieldErrors(api.updateRegistryModel.body, body);
  const submit = () => {
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    runMutation(
      save,
      { body },
      {
        onSuccess: () => {
          notify.success(`Saved ${body.registryModelName}.`);
          onSaved(body.registryModelName);
        },
      },
    );
  };
  return (
    <Dialog open onClose={closeOutside} aria-labelledby="model-edit-title" maxWidth="sm" fullWidth>
      <DialogTitle id="model-edit-title">Edit model “{model.modelName}”</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            label="Model name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={submitted && Boolean(errors.registryModelName)}
            helperText={(submitted && errors.registryModelName) || 'Renaming keeps the versions and moves the model’s webhook entries.'}
            required
          />
          <TextField label="Description" value={description} onChange={(event) => setDescription(event.target.value)} multiline minRows={3} />
          <RadioGroup row aria-label="Visibility" value={isPublic ? 'public' : 'private'} onChange={(event) => setIsPublic(event.target.value === 'public')}>
            <FormControlLabel value="private" control={<Radio />} label="Private" />
            <FormControlLabel value="public" control={<Radio />} label="Public" />
          </RadioGroup>
          {save.error && <Alert severity="error">Could not save the model: {save.error.message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <BusyButton variant="contained" busy={save.isPending} onClick={submit}>
          Save changes
        </BusyButton>
      </DialogActions>
    </Dialog>
  );
}
