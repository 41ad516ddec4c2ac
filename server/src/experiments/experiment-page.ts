import type { FastifyInstance } from 'fastify';
import { openAppLink } from '../../../shared/links/app-link.ts';
import { html, prefersHtml, sendHtmlPage } from '../http/html-page.ts';
import { experimentLink } from '../http/replies.ts';
import type { Experiment } from './experiment-store.ts';
import type { ExperimentServices } from './services.ts';

/** The address the service gives the SDK for a run (`<workspace>/<project>/<key>`, see `experimentLink`), as Fastify routes it. */
const EXPERIMENT_ADDRESS = '/:workspaceName/:projectName/:experimentKey';

/** Whether the run is listed in the named project of its workspace: its home, or a project it is symlinked into (E6's address). */
async function listedIn(services: Pick<ExperimentServices, 'experiments' | 'projects'>, experiment: Experiment, projectName: string): Promise<boolean> {
  if (experiment.projectName === projectName) return true;
  const project = await services.projects.byName(experiment.workspaceId, projectName);
  return project !== undefined && (await services.experiments.isLinked(project.id, experiment.id));
}

interface AddressParts {
  workspaceName: string;
  projectName: string;
  experimentKey: string;
}

/**
 * Serves a small page at the address the SDK prints ("Experiment is live on … <service>/<workspace>/<project>/<key>"),
 * for browsers only: API clients (and every other address) get the JSON 404 they always got.
 *
 * Who may see what: the page is opened without an API key and this service allows no anonymous reads (every REST and
 * SDK read needs a key), so the page tells only what the address already names (workspace, project, key) and the run's
 * name, and only when all three match one run not in the bin (in its home project or one it is symlinked into); whatever does not match gets one and the same
 * 404 page, so the page answers no question about which workspaces, projects or keys exist. The run's state, times,
 * metrics and parameters stay behind a key: the page opens the run in Trackdesk (`trackdesk://open`), where they are.
 */
export function registerExperimentPage(app: FastifyInstance, services: Pick<ExperimentServices, 'experiments' | 'projects'>): void {
  app.get<{ Params: AddressParts }>(EXPERIMENT_ADDRESS, async (request, reply) => {
    if (!prefersHtml(request.headers.accept)) return reply.callNotFound();
    const { workspaceName, projectName, experimentKey } = request.params;
    const experiment = await services.experiments.byKey(experimentKey);
    if (!experiment || experiment.deletedAt !== null || experiment.workspaceName !== workspaceName || !(await listedIn(services, experiment, projectName))) {
      return sendHtmlPage(reply, 404, 'No run here · Trackdesk', html`<h1>No run at this address</h1>
<p>This service has no run at this address, or it was deleted. Check the address the SDK printed, or find the run in Trackdesk under its project.</p>`);
    }
    const link = experimentLink(request, workspaceName, projectName, experiment.key);
    const name = experiment.name ?? `Unnamed run ${experiment.key.slice(0, 8)}`;
    return sendHtmlPage(reply, 200, `${name} · ${projectName} · Trackdesk`, html`<h1>${name}</h1>
<p>A run in the project <strong>${projectName}</strong> of the workspace <strong>${workspaceName}</strong> (key <code>${experiment.key}</code>).</p>
<p><a class="open" href="${openAppLink(link)}">Open in Trackdesk</a></p>
<p>Its state, metrics and parameters are shown to the members of this workspace only: open it in Trackdesk connected to this
service, or read it through the service's API with your API key. No Trackdesk yet? Install it, connect it to this service, then open this address again.</p>
<p><code>${link}</code></p>`);
  });
}
