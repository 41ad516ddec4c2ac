import type { FastifyReply, FastifyRequest } from 'fastify';
import { api, fullPath } from '../../../shared/api/index.ts';
import { joinAppLink } from '../../../shared/links/app-link.ts';
import { html, sendHtmlPage } from '../http/html-page.ts';
import { origin } from '../http/replies.ts';

/** What an open invitation tells whoever holds its link (the JSON reply's fields). */
export interface InvitationSummary {
  workspaceName: string;
  role: string;
  expiresAt: number;
  invitedBy: string | null;
  signUpAllowed: boolean;
}

/** The link an invitation's holder opens: the service's invitation address with the token. */
export const invitationLink = (request: FastifyRequest, token: string): string =>
  `${origin(request)}${fullPath(api.invitationDetails)}?token=${encodeURIComponent(token)}`;

/** A time as people read it, in UTC (the page cannot know the reader's zone without a script). */
const readableTime = (millis: number): string => `${new Date(millis).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Where to paste the link when no app opens it. */
const pasteInstructions = (link: string) => html`<p>Nothing happened? Open Trackdesk, go to <strong>Connections</strong>, choose
<strong>Join with an invitation</strong> and paste this link:</p><p><code>${link}</code></p>`;

/** The page a browser gets for an open invitation: what it opens, a button into the app, and how to paste it by hand. */
export function sendInvitationPage(reply: FastifyReply, link: string, invitation: InvitationSummary): FastifyReply {
  const { workspaceName, role, expiresAt, invitedBy, signUpAllowed } = invitation;
  const article = role === 'admin' ? 'an' : 'a';
  return sendHtmlPage(reply, 200, `Invitation to ${workspaceName} · Trackdesk`, html`<h1>Join “${workspaceName}” on Trackdesk</h1>
<p>${invitedBy === null ? 'You are invited' : html`<strong>${invitedBy}</strong> invites you`} to the workspace <strong>${workspaceName}</strong>
as ${article} <strong>${role}</strong>. The invitation can be used once, until ${readableTime(expiresAt)}.</p>
<p><a class="open" href="${joinAppLink(link)}">Open in Trackdesk</a></p>
${pasteInstructions(link)}
${signUpAllowed ? html`<p>No account on this service yet? Trackdesk lets you create one with this invitation.</p>` : html`<p>You need an account on this service first: ask its admin.</p>`}`);
}

/** The page a browser gets for a link that opens nothing (unknown, used, expired or revoked: the same for all). */
export const sendClosedInvitationPage = (reply: FastifyReply, message: string): FastifyReply =>
  sendHtmlPage(reply, 404, 'Invitation not open · Trackdesk', html`<h1>This invitation cannot be used</h1><p>${message}</p>`);
