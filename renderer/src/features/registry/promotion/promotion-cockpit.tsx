import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Divider, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useApiQuery } from '../../../lib/api.ts';
import { useConfirm } from '../../../shell/confirm.tsx';
import { BusyButton } from '../../../shell/busy-button.tsx';
import type { RegistryVersion } from '../stage-dialog.tsx';
import type { ModelRef } from '../use-stage-change.ts';
import { useVersionHistory } from '../use-version-history.ts';
import { ChangeChooser, CockpitPart, ComparisonSection, WebhookList } from './cockpit-parts.tsx';
import { compareVersions } from './comparison.ts';
import { EvidenceButtons } from './evidence-buttons.tsx';
import type { EvidenceRecord } from './evidence-document.ts';
import { OpenedRequest } from './opened-request.tsx';
import { decisionOf, historyEvents, policyText, requestEvents, ruleFor, type PromotionRequest } from './governance.ts';
import { PromotionResultView } from './promotion-result.tsx';
import { RecordedComparison, useRecordedEvidence } from './recorded-evidence.tsx';
import { RequestActions, useUserName } from './request-actions.tsx';
import { usePromotion, type PromotionChange, type PromotionResult } from './use-promotion.ts';
import { useVersionFacts } from './use-version-facts.ts';
import { eventsOf, webhooksThatFire } from './webhooks-to-fire.ts';

/** The other version holding the stage or status now (the newest first, as the versions are listed), or null. */
function holderOf(versions: readonly RegistryVersion[], target: RegistryVersion, change: PromotionChange): RegistryVersion | null {
  if (!change.value) return null;
  const others = versions.filter((version) => version.registryModelItemId !== target.registryModelItemId);
  return others.find((version) => (change.kind === 'stage' ? version.stages.includes(change.value) : version.status === change.value)) ?? null;
}

/**
 * The cockpit's action in words that tell a stage from a status of the same name: "Move 2.0.0 to stage production",
 * "Set status Production on 2.0.0", "Move stage production to 2.0.0" (from its holder), "Request status Production for 2.0.0".
 */
function actionLabel(change: PromotionChange, version: string, how: 'request' | 'move' | 'set'): string {
  const named = `${change.kind} ${change.value || '…'}`;
  if (how === 'request') return `Request ${named} for ${version}`;
  if (how === 'move') return `Move ${named} to ${version}`;
  return change.kind === 'stage' ? `Move ${version} to ${named}` : `Set ${named} on ${version}`;
}

/**
 * The promotion cockpit: the candidate compared with the version holding the stage or status now, the approval that applies,
 * the webhooks that will fire; one action makes the change (or files the request) and shows its deliveries; evidence export.
 * Opened on a request (`requestId`), it shows that request first with Approve and Reject.
 */
export function PromotionCockpit(props: { model: ModelRef; versions: readonly RegistryVersion[]; target: RegistryVersion; initial?: PromotionChange; requestId?: string; onClose: () => void }) {
  const { model, versions, target, initial, requestId, onClose } = props;
  const { workspaceName, modelName } = model;
  const confirm = useConfirm();
  const [draft, setDraft] = useState<PromotionChange>(initial ?? { kind: 'stage', value: '' });
  const [comment, setComment] = useState('');
  const [result, setResult] = useState<PromotionResult | undefined>(undefined);
  const change = { kind: draft.kind, value: draft.value.trim() };
  const holder = holderOf(versions, target, change);
  // The version compared with: the holder by default, or one the user picks (e.g. the one a past promotion replaced).
  const [compareId, setCompareId] = useState('');
  const compared = versions.find((version) => version.registryModelItemId === compareId && version.registryModelItemId !== target.registryModelItemId) ?? holder;
  const candidateFacts = useVersionFacts(workspaceName, modelName, target);
  const holderFacts = useVersionFacts(workspaceName, modelName, compared);
  const policy = useApiQuery('registryPolicy', { workspaceName, modelName });
  const config = useApiQuery('getWebhookConfig', { workspaceName, modelName });
  const requests = useApiQuery('listPromotionRequests', { workspaceName, modelName }, { refetchInterval: 5000 });
  const history = useVersionHistory({ registryModelId: model.registryModelId, versions });
  const userName = useUserName();
  const deliveries = useApiQuery('listWebhookDeliveries', { workspaceName, modelName });
  const promotion = usePromotion(model, versions);

  const rule = policy.data ? ruleFor(policy.data.effective, change) : undefined;
  const targets = config.data ? webhooksThatFire(config.data.webhookConfigs, modelName, eventsOf(change.kind, rule ? 'request' : 'change')) : undefined;
  const mine = (requests.data?.requests ?? []).filter((request) => request.registryModelItemId === target.registryModelItemId);
  const opened = requestId ? mine.find((request) => request.requestId === requestId) : undefined;
  const isChange = (request: PromotionRequest) => request.kind === change.kind && request.value.toLowerCase() === change.value.toLowerCase();
  const matching = opened && isChange(opened) ? opened : mine.find(isChange);
  const pending = mine.filter((request) => request.state === 'pending' && request.requestId !== requestId);
  // A request's evidence is what the service recorded with it; a decided one opened here shows what its approver saw.
  const recorded = useRecordedEvidence(matching);
  const stored = matching && recorded.data?.length ? recorded.data : undefined;
  const decidedOpened = opened && opened.state !== 'pending' ? opened : undefined;
  const liveReady = Boolean(candidateFacts.data && holderFacts.data !== undefined && change.value);
  const exportReady = (!matching || recorded.data !== undefined || recorded.error !== null) && (stored ? true : liveReady);

  const act = async () => {
    if (holder && !rule) {
      const confirmed = await confirm({
        title: `Move ${change.kind} ${change.value} from ${holder.version} to ${target.version}?`,
        message: `Version ${holder.version} of “${modelName}” will no longer ${change.kind === 'stage' ? `be in ${change.value}` : `have the status ${change.value}`}; ${target.version} takes it in one step. Webhooks of the model are notified.`,
        confirmLabel: `Move ${change.kind} ${change.value}`,
        destructive: true,
      });
      if (!confirmed) return;
    }
    const outcome = await promotion.run(change, target, comment);
    setResult(outcome);
    if (outcome.outcome.state !== 'failed') setComment('');
  };
  const close = async () => {
    if (comment.trim() && !(await confirm({ title: 'Discard the comment?', message: 'The comment you typed has not been used yet.', confirmLabel: 'Discard', destructive: true }))) return;
    onClose();
  };

  const evidence = (generatedAt: number): EvidenceRecord | null => {
    const latest = stored?.at(-1);
    const candidate = latest?.candidate ?? candidateFacts.data?.facts;
    if (!candidate || (!latest && holderFacts.data === undefined) || !change.value) return null;
    const current = latest ? latest.current : (holderFacts.data?.facts ?? null);
    const since = Math.min(matching?.createdAt ?? Infinity, result?.startedAt ?? Infinity) - 1000;
    const involved = [target.version, ...(current ? [current.version] : [])];
    return {
      workspaceName,
      modelName,
      change,
      generatedAt,
      candidate,
      current,
      comparison: latest?.comparison ?? compareVersions(candidate, current),
      ...(stored ? { recorded: stored } : {}),
      webhooks: targets ?? [],
      policy: policy.data ? policyText(rule, change) : `The approval policy could not be read${policy.error ? `: ${policy.error.message}` : ''}.`,
      decision: decisionOf(matching, result?.outcome, result?.startedAt ?? null, userName),
      approvals: matching ? requestEvents(matching) : [],
      history: history.data?.kind === 'service' ? historyEvents(history.data.events, involved) : [],
      deliveries: (deliveries.data?.deliveries ?? []).filter((delivery) => delivery.createdAt >= since).map((delivery) => ({ url: delivery.url, eventType: delivery.eventType, status: delivery.status, responseCode: delivery.lastResponseCode })),
    };
  };
  const label = actionLabel(change, target.version, rule ? 'request' : holder ? 'move' : 'set');
  const already = change.kind === 'stage' ? target.stages.includes(change.value) && !holder : target.status === change.value && !holder;
  return (
    <Dialog open onClose={() => void close()} aria-labelledby="cockpit-title" maxWidth="lg" fullWidth>
      <DialogTitle id="cockpit-title">
        Promote {modelName} {target.version}
      </DialogTitle>
      <DialogContent>
        {requestId && (
          <CockpitPart title="The request">
            <OpenedRequest request={opened} loading={requests.isLoading} />
          </CockpitPart>
        )}
        <CockpitPart title="Change">
          {decidedOpened ? (
            <Typography variant="body2" sx={{ mt: 1 }} aria-label="Decided change">
              {decidedOpened.kind} “{decidedOpened.value}” for {target.version}: {decidedOpened.state}
              {decidedOpened.decidedBy ? ` by ${decidedOpened.decidedBy}` : ''}.
            </Typography>
          ) : (
            <>
              <ChangeChooser workspaceName={workspaceName} versions={versions} target={target} change={draft} onChange={setDraft} />
              <Typography variant="body2" sx={{ mt: 1 }}>
                {change.value ? (holder ? `Held now by ${holder.version}.` : 'No other version holds it now.') : 'Choose a stage or a status.'}
              </Typography>
            </>
          )}
        </CockpitPart>
        <CockpitPart title="Approval">
          {policy.error ? (
            <Alert severity="info">
              {policy.error.status === 501 || policy.error.status === 404 ? 'This service has no approval policies: changes are made at once.' : `The approval policy could not be read: ${policy.error.message}`}
            </Alert>
          ) : (
            <Typography variant="body2">{policy.data ? policyText(rule, change) : 'Reading the policy…'}</Typography>
          )}
        </CockpitPart>
        {pending.length > 0 && (
          <CockpitPart title="Pending requests for this version">
            {pending.map((request) => (
              <Stack key={request.requestId} sx={{ mb: 1 }}>
                <Typography variant="body2">
                  {request.kind} {request.value}, requested by {request.requestedBy}
                  {request.comment ? `: “${request.comment}”` : ''}
                </Typography>
                <RequestActions request={request} />
              </Stack>
            ))}
          </CockpitPart>
        )}
        <CockpitPart title="Webhooks that will fire">
          <WebhookList targets={change.value ? targets : []} error={config.error?.message ?? null} />
        </CockpitPart>
        {decidedOpened ? (
          <CockpitPart title="What the approver saw">
            <RecordedComparison request={decidedOpened} recorded={recorded} />
          </CockpitPart>
        ) : (
          <CockpitPart title={compared ? `Comparison with ${compared.version}` : 'Comparison'}>
            <TextField select size="small" label="Compare with" value={compareId} onChange={(event) => setCompareId(event.target.value)} sx={{ minWidth: 240, my: 1 }}>
              <MenuItem value="">The current holder{holder ? ` (${holder.version})` : ''}</MenuItem>
              {versions.filter((version) => version.registryModelItemId !== target.registryModelItemId).map((version) => (
                <MenuItem key={version.registryModelItemId} value={version.registryModelItemId}>
                  {version.version}
                </MenuItem>
              ))}
            </TextField>
            <ComparisonSection candidate={candidateFacts} current={holderFacts} holder={compared} held={change.value} />
          </CockpitPart>
        )}
        <Divider sx={{ my: 2 }} />
        <TextField label="Comment for the history" value={comment} onChange={(event) => setComment(event.target.value)} fullWidth multiline minRows={2} />
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <BusyButton variant="contained" busy={promotion.running} disabled={!change.value || already || Boolean(decidedOpened)} onClick={() => void act()}>
            {label}
          </BusyButton>
          <EvidenceButtons ready={exportReady} record={evidence} />
        </Stack>
        {already && !decidedOpened && <Typography variant="body2">{target.version} already holds it.</Typography>}
        {result && <PromotionResultView workspaceName={workspaceName} modelName={modelName} result={result} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void close()}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
