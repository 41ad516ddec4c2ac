import { z } from 'zod';
import { workspaceRole, type WorkspaceRole } from '../../../../shared/api/index.ts';

/** One rule of the role mapping: a person whose role claim holds `value` gets `role` in `workspace`. */
export const roleRule = z.object({ value: z.string().min(1), workspace: z.string().min(1).max(100), role: workspaceRole }).strict();
/** A rule of the role mapping. */
export type RoleRule = z.infer<typeof roleRule>;

/** How the service signs people in through an OpenID provider (`--oidc-issuer` and friends). */
export interface SsoSettings {
  /** The provider's issuer URL (its discovery document is `<issuer>/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  /** From TRACKDESK_OIDC_CLIENT_SECRET; none for a public client. */
  clientSecret?: string;
  /** What the app's button says: "Sign in with <displayName>". */
  displayName: string;
  /** The scopes asked for (openid always). */
  scopes: string[];
  /** The claim that carries the person's groups (e.g. `groups`); without it, sign-in maps no memberships. */
  roleClaim?: string;
  /** Which claim values give which role in which workspace. */
  roleRules: RoleRule[];
  /** How often the service asks the provider about each person again (0: only at sign-in and on an admin's request). */
  recheckMinutes: number;
}

/** Parses a role-mapping file: a JSON list of `{ value, workspace, role }`; throws a message naming the bad entry. */
export function parseRoleRules(text: string, source: string): RoleRule[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${source} is not JSON: ${(error as Error).message}`);
  }
  const parsed = z.array(roleRule).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${source}: entry ${issue?.path.join('.') || '(top)'} ${issue?.message ?? 'is wrong'}; expected a list of { "value", "workspace", "role": "admin" | "member" | "viewer" }.`);
  }
  return parsed.data;
}

/** The values of a claim as a list of strings (a provider may send one string or a list). */
export function claimValues(claims: Record<string, unknown>, claim: string | undefined): string[] {
  const value = claim === undefined ? undefined : claims[claim];
  if (typeof value === 'string') return [value];
  return Array.isArray(value) ? value.filter((each): each is string => typeof each === 'string') : [];
}

const RANK: Record<WorkspaceRole, number> = { viewer: 0, member: 1, admin: 2 };

/**
 * The role the rules give a person in each workspace they name: the highest of the matching rules' roles, or null where
 * no rule matches (the person should not be a member there). Workspaces no rule names are not in the answer.
 */
export function rolesFromClaim(rules: readonly RoleRule[], values: readonly string[]): Map<string, WorkspaceRole | null> {
  const roles = new Map<string, WorkspaceRole | null>();
  for (const rule of rules) {
    const current = roles.get(rule.workspace) ?? null;
    if (!values.includes(rule.value)) {
      roles.set(rule.workspace, current);
    } else if (current === null || RANK[rule.role] > RANK[current]) {
      roles.set(rule.workspace, rule.role);
    }
  }
  return roles;
}
