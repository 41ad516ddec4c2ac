import { z } from 'zod';
import { defineChannel } from './define.ts';

const link = z.string().trim().min(1, 'must not be empty').max(4000);

/** The channels of experiment addresses (`<service>/<workspace>/<project>/<key>`, what the SDK prints) opened in the app. */
export const experimentLinkChannels = {
  'experiments.openLink': defineChannel({
    summary: "Reads what an experiment address names (service, workspace, project, key) and which connections go to that service.",
    input: z.object({ link }),
    output: z.object({
      baseUrl: z.string(),
      workspaceName: z.string(),
      projectName: z.string(),
      experimentKey: z.string(),
      profiles: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  }),
  'views.openLink': defineChannel({
    summary: 'Reads what a saved analysis view address names (service, view id) and which connections go to that service.',
    input: z.object({ link }),
    output: z.object({ baseUrl: z.string(), viewId: z.string(), profiles: z.array(z.object({ id: z.string(), name: z.string() })) }),
  }),
  'views.takeOpened': defineChannel({
    summary: 'Takes the saved view address the operating system opened the app with (a trackdesk://open?view= link), once; null when none waits.',
    input: z.object({}),
    output: z.object({ link: z.string().nullable() }),
  }),
  'experiments.takeOpened': defineChannel({
    summary: 'Takes the experiment address the operating system opened the app with (a trackdesk://open link), once; null when none waits.',
    input: z.object({}),
    output: z.object({ link: z.string().nullable() }),
  }),
};

/** Pushed when the operating system opened the app with an experiment address (or a view address: `views.opened`): the window takes it with `experiments.takeOpened` (`views.takeOpened`). */
export const ExperimentOpened = z.object({});
